import type { RestHandler } from '../shared/types.js';
import { orderLocation, toOrderDto } from './order-dto.js';

/** POST /api/v1/orders — places a PENDING order; 201 with Location. */
export const CreateOrder: RestHandler<'CreateOrder'> = async ({ body }, { core, actor }) => {
  const order = await core.orders.create(actor, body);
  return { status: 201, body: toOrderDto(order), headers: { Location: orderLocation(order.id) } };
};
