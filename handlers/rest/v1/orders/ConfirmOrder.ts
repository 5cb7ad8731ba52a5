import type { RestHandler } from '../shared/types.js';
import { toOrderDto } from './order-dto.js';

/** POST /api/v1/orders/{orderId}/confirm — PENDING → PROCESSING; fulfilment follows in the background. */
export const ConfirmOrder: RestHandler<'ConfirmOrder'> = async ({ params }, { core, actor }) => ({
  status: 200,
  body: toOrderDto(await core.orders.confirm(actor, params.orderId)),
});
