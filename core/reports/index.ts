/** Reports domain entry point: the service and its background job handlers. */
import type { Db } from '../../db/client.js';
import type { JobHandler } from '../jobs/worker.js';
import { generateReportHandler } from './generation.js';
import { reportsService } from './reports.service.js';

export interface ReportsOptions {
  /** Ledger rows a report job reads between two check-ins (lease, progress, cancellation); default 500. */
  chunkRows?: number;
}

/** Wires the reports domain over the database. */
export function createReports(db: Db, options: ReportsOptions = {}) {
  const handlers: JobHandler<never>[] = [generateReportHandler({ chunkRows: options.chunkRows ?? 500 }) as JobHandler<never>];
  return { service: reportsService(db), handlers };
}
