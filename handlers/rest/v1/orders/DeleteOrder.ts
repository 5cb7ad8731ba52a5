import type { RestHandler } from '../shared/types.js';

/** DELETE /api/v1/orders/{orderId} — a PENDING order; 204, then the order reads as 404. */
export const DeleteOrder: RestHandler<'DeleteOrder'> = async ({ params }, { core, actor }) => {
  await core.orders.remove(actor, params.orderId);
  return { status: 204, body: undefined };
};
