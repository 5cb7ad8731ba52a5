import type { RestHandler } from '../shared/types.js';
import { toOrderDto } from './order-dto.js';

/** POST /api/v1/orders/{orderId}/cancel — PENDING or PROCESSING → CANCELLED. */
export const CancelOrder: RestHandler<'CancelOrder'> = async ({ params }, { core, actor }) => ({
  status: 200,
  body: toOrderDto(await core.orders.cancel(actor, params.orderId)),
});
