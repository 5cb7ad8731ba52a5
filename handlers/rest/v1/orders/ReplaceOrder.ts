import type { RestHandler } from '../shared/types.js';
import { toOrderDto } from './order-dto.js';

/** PUT /api/v1/orders/{orderId} — new items and currency of a PENDING order. */
export const ReplaceOrder: RestHandler<'ReplaceOrder'> = async ({ params, body }, { core, actor }) => ({
  status: 200,
  body: toOrderDto(await core.orders.replace(actor, params.orderId, body)),
});
