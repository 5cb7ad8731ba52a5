import type { RestHandler } from '../shared/types.js';
import { toOrderDto } from './order-dto.js';

/** PATCH /api/v1/orders/{orderId} — the items and/or currency of a PENDING order. */
export const UpdateOrder: RestHandler<'UpdateOrder'> = async ({ params, body }, { core, actor }) => ({
  status: 200,
  body: toOrderDto(await core.orders.update(actor, params.orderId, body)),
});
