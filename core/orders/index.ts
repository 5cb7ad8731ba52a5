/** Orders domain entry point: the service and its background job handlers. */
import type { Db } from '../../db/client.js';
import type { JobHandler } from '../jobs/worker.js';
import type { UsersRepository } from '../users/users.repository.js';
import { fulfilOrderHandler } from './fulfilment.js';
import { ordersRepository } from './orders.repository.js';
import { ordersService, type OrdersOptions } from './orders.service.js';

export type { OrdersOptions };

/** Wires the orders domain over the database, sharing the core's users repository. */
export function createOrders(db: Db, users: UsersRepository, options: OrdersOptions) {
  const handlers: JobHandler<never>[] = [fulfilOrderHandler as JobHandler<never>];
  return { service: ordersService(db, ordersRepository(db), users, options), handlers };
}
