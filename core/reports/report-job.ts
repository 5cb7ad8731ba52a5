/**
 * Report jobs and reports as the core hands them out, and the rules that need no database:
 * which years may be reported, how a job's status reads, how often to poll, how a file is named.
 */
import type { ReportJobRow, ReportRow } from '../../db/schema/reports.js';
import { InvalidInputError } from '../errors.js';

export type ReportType = ReportJobRow['reportType'];
export type ReportFormat = ReportJobRow['format'];
export type ReportJobStatus = ReportJobRow['status'];

/**
 * A report job as callers see it. `status` is the row's status except that a PENDING row already
 * handed to the workers (first in its creator's line, see reports.service.ts) reads PROCESSING;
 * `startedAt` is set only once a worker has actually started it.
 */
export type ReportJob = ReportJobRow;
export type Report = ReportRow;

export interface ReportRequest {
  reportType: ReportType;
  year: number;
  format: ReportFormat;
}

export const FIRST_REPORT_YEAR = 1970;

/** Unfinished states: the job may still be cancelled and is worth polling. */
export const UNFINISHED: readonly ReportJobStatus[] = ['PENDING', 'PROCESSING'];

/**
 * @throws InvalidInputError naming `year` outside 1970..the current UTC year.
 */
export function assertReportYear(year: number, now: Date = new Date()): number {
  const current = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < FIRST_REPORT_YEAR || year > current) {
    throw InvalidInputError.field('year', `must be a year from ${FIRST_REPORT_YEAR} to ${current}; a future year cannot be reported`);
  }
  return year;
}

/** The job as its creator should see it, given whether its work is in the queue (see ReportJob). */
export function presentJob(row: ReportJobRow, queued: boolean): ReportJob {
  return row.status === 'PENDING' && queued ? { ...row, status: 'PROCESSING' } : row;
}

/**
 * Suggested seconds until the next poll of an unfinished job, undefined once it has finished.
 * A running job is checked again soon (SPEC.md §4.3 starts at 1 s); a job waiting behind the
 * creator's earlier job has at least that job's duration to go.
 */
export function pollAfterSeconds(job: Pick<ReportJob, 'status'>): number | undefined {
  if (job.status === 'PROCESSING') return 1;
  if (job.status === 'PENDING') return 2;
  return undefined;
}

export const MEDIA_TYPES: Record<ReportFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  JSON: 'application/json',
};

/**
 * @example reportFilename({ reportType: 'TRANSACTION_SUMMARY', year: 2025, format: 'CSV', id: 'job_01…' })
 *   // 'transaction-summary-2025-job_01….csv'
 */
export function reportFilename(job: Pick<ReportJobRow, 'reportType' | 'year' | 'format' | 'id'>): string {
  return `${job.reportType.toLowerCase().replaceAll('_', '-')}-${job.year}-${job.id}.${job.format.toLowerCase()}`;
}
