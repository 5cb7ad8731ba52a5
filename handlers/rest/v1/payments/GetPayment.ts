import type { RestHandler } from '../shared/types.js';
import { toPaymentDto } from './payment-dto.js';

/** GET /api/v1/payments/{paymentId} — creator or administrator. */
export const GetPayment: RestHandler<'GetPayment'> = async ({ params }, { core, actor }) => ({
  status: 200,
  body: toPaymentDto(await core.payments.get(actor, params.paymentId)),
});
