import { toCollection } from '../shared/collection.js';
import type { RestHandler } from '../shared/types.js';
import { toOrderDto } from './order-dto.js';

/** GET /api/v1/orders — the caller's orders (administrators: all), filtered, page or cursor. */
export const ListOrders: RestHandler<'ListOrders'> = async ({ query }, { core, actor, url }) => ({
  status: 200,
  body: toCollection(await core.orders.list(actor, query), toOrderDto, url),
});
