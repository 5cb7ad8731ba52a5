import type { RestHandler } from '../shared/types.js';
import { paymentLocation, toPaymentDto } from './payment-dto.js';

/** POST /api/v1/payments — 201 for a new payment, 200 with the existing one for a replayed key. */
export const CreatePayment: RestHandler<'CreatePayment'> = async ({ headers, body }, { core, actor }) => {
  const { payment, replayed } = await core.payments.create(actor, headers['Idempotency-Key'], body);
  const headersOut = { Location: paymentLocation(payment.id) };
  return replayed
    ? { status: 200, body: toPaymentDto(payment), headers: headersOut }
    : { status: 201, body: toPaymentDto(payment), headers: headersOut };
};
