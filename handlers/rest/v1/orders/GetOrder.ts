import type { RestHandler } from '../shared/types.js';
import { toOrderDto } from './order-dto.js';

/** GET /api/v1/orders/{orderId} — owner or administrator. */
export const GetOrder: RestHandler<'GetOrder'> = async ({ params }, { core, actor }) => ({
  status: 200,
  body: toOrderDto(await core.orders.get(actor, params.orderId)),
});
