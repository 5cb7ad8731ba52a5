/** Orders domain entry point: the service and its background job handlers. */
import type { Db } from '../../db/client.js';
import type { JobHandler } from '../jobs/worker.js';

export interface OrdersOptions {
  /** Delay before a confirmed order is fulfilled (ORDER_FULFIL_MS). */
  fulfilMs: number;
}

/** Wires the orders domain over the database. */
export function createOrders(_db: Db, _options: OrdersOptions) {
  const handlers: JobHandler<never>[] = [];
  return { service: {}, handlers };
}
