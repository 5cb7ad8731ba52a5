/**
 * The worker handler that builds a report.
 *
 * It reads the creator's ledger account by account (an ACCOUNT_STATEMENT in pages of `chunkRows`
 * rows) and checks in after about every `chunkRows` ledger rows read (an account without any
 * counts as one): it renews its lease and records progress on the job row, and that same update
 * finds out whether the job was cancelled; the handler then stops without writing anything.
 * Checking in after every account instead would cost two commits per account, which dominated
 * the run time of a report over many small accounts. The report is stored in the transaction that
 * completes the job and removes its queue entry, so it is written once or not at all.
 *
 * A worker that dies mid-job holds nothing but its lease: when the lease runs out any instance
 * claims the job and builds the report again from the start, over the same ledger window (see
 * ReportWindow), so the result does not depend on how often it was interrupted.
 */
import Big from 'big.js';
import type { Db } from '../../db/client.js';
import type { ReportJobRow } from '../../db/schema/reports.js';
import type { JobContext, JobHandler } from '../jobs/worker.js';
import { newId } from '../shared/ids.js';
import { completeJob, failJob, GENERATE_REPORT, startJob, recordProgress } from './report-jobs.repository.js';
import { MEDIA_TYPES, reportFilename } from './report-job.js';
import { statementFormatter, summaryFormatter } from './report-files.js';
import { accountsOf, monthlySummary, openingBalance, reportWindow, statementPage, statementSize } from './report-sources.js';

export interface GenerationOptions {
  /** Ledger rows read between two check-ins (lease, progress, cancellation). */
  chunkRows: number;
}

interface GeneratePayload {
  jobId: string;
}

/** What a failed job tells its creator; the cause stays in the worker's log. */
export const FAILURE_MESSAGE = 'Report generation failed; retry with a new job';

/**
 * Told after each piece of work: its size in ledger rows, and the progress so far. Checks in once
 * `chunkRows` rows have accumulated; false means stop (the job was cancelled).
 */
type Checkpoint = (rows: number, done: number, total: number) => Promise<boolean>;

/** The rendered rows, or undefined when a checkpoint said stop. */
async function summaryRecords(db: Db, job: ReportJobRow, checkpoint: Checkpoint): Promise<string[] | undefined> {
  const format = summaryFormatter(job.format);
  const window = reportWindow(job.year, job.createdAt);
  const accounts = await accountsOf(db, job.userId);
  const records: string[] = [];
  for (const [i, account] of accounts.entries()) {
    const rows = await monthlySummary(db, account, window);
    for (const row of rows) records.push(format.record(row));
    const read = rows.reduce((n, r) => n + r.transactionCount, 0);
    if (!(await checkpoint(Math.max(read, 1), i + 1, accounts.length))) return undefined;
  }
  return records;
}

async function statementRecords(db: Db, job: ReportJobRow, chunkRows: number, checkpoint: Checkpoint): Promise<string[] | undefined> {
  const format = statementFormatter(job.format);
  const window = reportWindow(job.year, job.createdAt);
  const accounts = await accountsOf(db, job.userId);
  const total = await statementSize(db, accounts.map((a) => a.id), window);
  const records: string[] = [];
  for (const account of accounts) {
    let balance = new Big(await openingBalance(db, account.id, window));
    let read = 0;
    for (let after: { createdAt: Date; id: string } | undefined; ; ) {
      const page = await statementPage(db, account.id, window, after, chunkRows);
      for (const t of page) {
        const direction = t.toAccountId === account.id ? 'IN' : 'OUT';
        balance = direction === 'IN' ? balance.plus(t.amount) : balance.minus(t.amount);
        records.push(
          format.record({
            accountId: account.id,
            transactionId: t.id,
            createdAt: t.createdAt,
            type: t.type,
            direction,
            amount: t.amount,
            currency: t.currency,
            description: t.description,
            balance: balance.toFixed(),
          }),
        );
      }
      read += page.length;
      if (page.length > 0 && !(await checkpoint(page.length, records.length, total))) return undefined;
      if (page.length < chunkRows) break;
      after = { createdAt: page.at(-1)!.createdAt, id: page.at(-1)!.id };
    }
    if (read === 0 && !(await checkpoint(1, records.length, total))) return undefined;
  }
  return records;
}

/** Heartbeat, then progress; the progress update reports whether the job is still PROCESSING. */
function checkpointFor(ctx: JobContext, jobId: string, chunkRows: number): Checkpoint {
  let pending = 0;
  return async (rows, done, total) => {
    pending += rows;
    if (pending < chunkRows) return true;
    pending = 0;
    await ctx.heartbeat();
    const progress = Math.min(99, Math.floor((done * 100) / Math.max(total, 1)));
    ctx.logger.info({ jobId, progress, done, total }, 'report progress');
    return recordProgress(ctx.db, jobId, progress);
  };
}

/** The worker handler for `report.generate` jobs. */
export function generateReportHandler(options: GenerationOptions): JobHandler<GeneratePayload> {
  return {
    kind: GENERATE_REPORT,
    async run({ jobId }, ctx) {
      const job = await startJob(ctx.db, jobId);
      if (!job) return; // cancelled (or finished) before a worker got to it
      const checkpoint = checkpointFor(ctx, jobId, options.chunkRows);
      const records =
        job.reportType === 'TRANSACTION_SUMMARY'
          ? await summaryRecords(ctx.db, job, checkpoint)
          : await statementRecords(ctx.db, job, options.chunkRows, checkpoint);
      if (!records) return;
      const reportId = newId('report');
      const meta = { reportId, reportType: job.reportType, year: job.year, generatedAt: new Date() };
      const content = job.reportType === 'TRANSACTION_SUMMARY' ? summaryFormatter(job.format).file(records, meta) : statementFormatter(job.format).file(records, meta);
      await ctx.finish(async (tx) => {
        await completeJob(tx, job, { id: reportId, format: job.format, mediaType: MEDIA_TYPES[job.format], filename: reportFilename(job), content, createdAt: meta.generatedAt });
      });
    },
    exhausted: ({ jobId }, tx) => failJob(tx, jobId, FAILURE_MESSAGE),
  };
}
