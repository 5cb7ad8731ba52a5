/**
 * SQL for report jobs, their reports, and each creator's line of jobs.
 *
 * The line: a creator's report jobs run one at a time, oldest first. Only the first unfinished job
 * of a creator has a `report.generate` job in the work queue; whenever a job finishes (completes,
 * fails or is cancelled) the next one is enqueued in the same transaction. Every change to a line
 * holds a transaction-scoped advisory lock on the creator, so a job created while another finishes
 * can neither be skipped nor enqueued twice.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { jobs } from '../../db/schema/jobs.js';
import { reportJobs, reports, type ReportJobRow, type ReportRow } from '../../db/schema/reports.js';
import { enqueueJob } from '../jobs/queue.js';
import { UNFINISHED, type ReportJobStatus } from './report-job.js';

/** Kind of the work-queue job that builds a report. */
export const GENERATE_REPORT = 'report.generate';

/** First key of the two-key advisory locks on creators' lines (the second is hashtext(userId)). */
const LINE_LOCK_CLASS = 0x52_50_54; // 'RPT'

const queuedJobId = sql<string>`${jobs.payload}->>'jobId'`;

/** Serialises changes to `userId`'s line until the transaction ends. */
export async function lockLine(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LINE_LOCK_CLASS}::int, hashtext(${userId}))`);
}

/**
 * Enqueues the first unfinished job of the line unless one of its unfinished jobs is queued
 * already; returns the id it enqueued. Call with the line locked.
 */
export async function queueLineHead(tx: Tx, userId: string): Promise<string | undefined> {
  const line = await tx
    .select({ id: reportJobs.id })
    .from(reportJobs)
    .where(and(eq(reportJobs.userId, userId), inArray(reportJobs.status, [...UNFINISHED])))
    .orderBy(asc(reportJobs.createdAt), asc(reportJobs.id));
  if (line.length === 0) return undefined;
  const [queued] = await tx
    .select({ id: queuedJobId })
    .from(jobs)
    .where(and(eq(jobs.kind, GENERATE_REPORT), inArray(queuedJobId, line.map((j) => j.id))))
    .limit(1);
  if (queued) return undefined;
  await enqueueJob(tx, GENERATE_REPORT, { jobId: line[0]!.id });
  return line[0]!.id;
}

/** Whether the job's work is in the queue (claimed or waiting for a worker). */
export async function isQueued(db: Executor, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(jobs)
    .where(and(eq(jobs.kind, GENERATE_REPORT), eq(queuedJobId, jobId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Adds a job to its creator's line (call with the line locked). `createdAt` is the moment of
 * acceptance, read after the lock was granted, so the line's order is the order of acceptance.
 */
export async function insertJob(tx: Tx, values: Omit<typeof reportJobs.$inferInsert, 'createdAt' | 'updatedAt'>): Promise<ReportJobRow> {
  const [row] = await tx
    .insert(reportJobs)
    .values({ ...values, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

export async function findJob(db: Executor, id: string): Promise<ReportJobRow | undefined> {
  const [row] = await db.select().from(reportJobs).where(eq(reportJobs.id, id)).limit(1);
  return row;
}

export async function findReport(db: Executor, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

async function lockJob(tx: Tx, id: string): Promise<ReportJobRow | undefined> {
  const [row] = await tx.select().from(reportJobs).where(eq(reportJobs.id, id)).for('update');
  return row;
}

/**
 * A worker starts (or, after a crash, restarts) the job: PROCESSING, progress 0, `startedAt` kept
 * from the first start. Undefined when the job is no longer unfinished.
 */
export async function startJob(db: Executor, id: string): Promise<ReportJobRow | undefined> {
  const [row] = await db
    .update(reportJobs)
    .set({ status: 'PROCESSING', progress: 0, startedAt: sql`coalesce(${reportJobs.startedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(reportJobs.id, id), inArray(reportJobs.status, [...UNFINISHED])))
    .returning();
  return row;
}

/** Records progress (0..99) of a PROCESSING job; false when it is PROCESSING no more (cancelled). */
export async function recordProgress(db: Executor, id: string, progress: number): Promise<boolean> {
  const rows = await db
    .update(reportJobs)
    .set({ progress, updatedAt: sql`now()` })
    .where(and(eq(reportJobs.id, id), eq(reportJobs.status, 'PROCESSING')))
    .returning({ id: reportJobs.id });
  return rows.length > 0;
}

/**
 * Stores the report and completes the job, unless it stopped being PROCESSING meanwhile (then
 * nothing is written and false is returned). Enqueues the next job of the line.
 */
export async function completeJob(tx: Tx, job: Pick<ReportJobRow, 'id' | 'userId'>, report: Omit<typeof reports.$inferInsert, 'jobId' | 'userId'>): Promise<boolean> {
  await lockLine(tx, job.userId);
  const current = await lockJob(tx, job.id);
  if (current?.status !== 'PROCESSING') return false;
  const [stored] = await tx.insert(reports).values({ ...report, jobId: job.id, userId: job.userId }).returning({ id: reports.id });
  await tx
    .update(reportJobs)
    .set({ status: 'COMPLETED', progress: 100, reportId: stored!.id, completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(reportJobs.id, job.id));
  await queueLineHead(tx, job.userId);
  return true;
}

/** Marks an unfinished job FAILED with a message safe to show; enqueues the next job of the line. */
export async function failJob(tx: Tx, id: string, message: string): Promise<void> {
  const job = await findJob(tx, id);
  if (!job) return;
  await lockLine(tx, job.userId);
  await tx
    .update(reportJobs)
    .set({ status: 'FAILED', error: message, completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(reportJobs.id, id), inArray(reportJobs.status, [...UNFINISHED])));
  await queueLineHead(tx, job.userId);
}

export type CancelOutcome = { cancelled: ReportJobRow } | { finished: ReportJobStatus };

/** PENDING or PROCESSING → CANCELLED; a finished job is left alone and its status reported. */
export async function cancelJob(tx: Tx, job: Pick<ReportJobRow, 'id' | 'userId'>): Promise<CancelOutcome> {
  await lockLine(tx, job.userId);
  const current = (await lockJob(tx, job.id))!;
  if (!UNFINISHED.includes(current.status)) return { finished: current.status };
  const [cancelled] = await tx
    .update(reportJobs)
    .set({ status: 'CANCELLED', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(reportJobs.id, job.id))
    .returning();
  await queueLineHead(tx, job.userId);
  return { cancelled: cancelled! };
}
