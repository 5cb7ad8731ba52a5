/**
 * Enqueueing work. Jobs are inserted in the caller's transaction (a transactional outbox): the work
 * exists exactly when the change that asks for it commits. The same transaction NOTIFYs the jobs
 * channel, so idle workers on every instance wake at commit instead of at their next poll.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobs } from '../../db/schema/jobs.js';

export const JOBS_CHANNEL = 'concord_jobs';

export interface EnqueueOptions {
  /** Earliest start; default now. */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job in `executor`'s transaction.
 * @example await enqueueJob(tx, 'payment.settle', { paymentId }, { runAt: new Date(Date.now() + 500) });
 */
export async function enqueueJob(executor: Executor, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await executor.insert(jobs).values({ kind, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5 });
  await executor.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
}
