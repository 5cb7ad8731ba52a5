/**
 * Report jobs (SPEC.md §3, §4.3 with DESIGN.md): starting one, reading it, cancelling it, and
 * downloading the report it produced. Jobs and reports belong to their creator; administrators may
 * read, cancel and download any.
 *
 * Status as callers see it: a creator's jobs run one at a time, oldest first (see the line in
 * report-jobs.repository.ts). A job first in its creator's line is handed to the workers at once
 * and reads PROCESSING from acceptance on — so the 202 says PROCESSING, as SPEC.md §3 shows —
 * while its row stays PENDING until a worker claims it (then `startedAt` appears). A job behind
 * the creator's unfinished earlier job reads PENDING until that one finishes. Reads never go back
 * from PROCESSING to PENDING.
 */
import type { Db } from '../../db/client.js';
import type { ReportJobRow } from '../../db/schema/reports.js';
import { requireActor, requireOwnerOrAdmin, type Actor } from '../actor.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { isIdOf, newId } from '../shared/ids.js';
import { cancelJob, findJob, findReport, insertJob, isQueued, lockLine, queueLineHead } from './report-jobs.repository.js';
import { assertReportYear, presentJob, type Report, type ReportJob, type ReportRequest } from './report-job.js';

/** Creates the reports service. */
export function reportsService(db: Db) {
  /** Creator or administrator; anyone else is refused, an unknown or malformed id is not found. */
  async function load(actor: Actor | null, jobId: string): Promise<ReportJobRow> {
    const a = requireActor(actor);
    const job = isIdOf('job', jobId) ? await findJob(db, jobId) : undefined;
    if (!job) throw new NotFoundError('Report job', jobId);
    requireOwnerOrAdmin(a, job.userId);
    return job;
  }

  async function present(row: ReportJobRow): Promise<ReportJob> {
    return presentJob(row, row.status === 'PENDING' && (await isQueued(db, row.id)));
  }

  return {
    /** Accepts a job for a report over the caller's own accounts. */
    async generate(actor: Actor | null, request: ReportRequest): Promise<ReportJob> {
      const a = requireActor(actor);
      const year = assertReportYear(request.year);
      const { row, queued } = await db.transaction(async (tx) => {
        await lockLine(tx, a.userId);
        const created = await insertJob(tx, { id: newId('job'), userId: a.userId, reportType: request.reportType, year, format: request.format, status: 'PENDING' });
        return { row: created, queued: (await queueLineHead(tx, a.userId)) === created.id };
      });
      return presentJob(row, queued);
    },

    /** The job as it stands (creator or administrator). */
    async get(actor: Actor | null, jobId: string): Promise<ReportJob> {
      return present(await load(actor, jobId));
    },

    /**
     * PENDING or PROCESSING → CANCELLED; a running worker stops at its next chunk and writes nothing.
     * @throws ConflictError naming the status once the job has finished.
     */
    async cancel(actor: Actor | null, jobId: string): Promise<ReportJob> {
      const job = await load(actor, jobId);
      const outcome = await db.transaction((tx) => cancelJob(tx, job));
      if ('finished' in outcome) {
        throw new ConflictError(`Report job ${jobId} is ${outcome.finished}; only PENDING or PROCESSING jobs can be cancelled`);
      }
      return outcome.cancelled;
    },

    /** The finished report file (creator of the job or administrator). */
    async download(actor: Actor | null, reportId: string): Promise<Report> {
      const a = requireActor(actor);
      const report = isIdOf('report', reportId) ? await findReport(db, reportId) : undefined;
      if (!report) throw new NotFoundError('Report', reportId);
      requireOwnerOrAdmin(a, report.userId);
      return report;
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
