import { toPageEnvelope } from '../shared/collection.js';
import type { RestHandler } from '../shared/types.js';
import { toOrderDto } from './order-dto.js';

/** POST /api/v1/orders/search — body-driven search over visible orders, page envelope. */
export const SearchOrders: RestHandler<'SearchOrders'> = async ({ body }, { core, actor }) => {
  const result = await core.orders.search(actor, body);
  return { status: 200, body: toPageEnvelope(result, toOrderDto) };
};
