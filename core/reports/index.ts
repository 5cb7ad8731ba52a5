/** Reports domain entry point: the service and its background job handlers. */
import type { Db } from '../../db/client.js';
import type { JobHandler } from '../jobs/worker.js';

/** Wires the reports domain over the database. */
export function createReports(_db: Db) {
  const handlers: JobHandler<never>[] = [];
  return { service: {}, handlers };
}
