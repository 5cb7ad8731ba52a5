/**
 * Enqueueing work. Jobs are inserted in the caller's transaction (a transactional outbox): the work
 * exists exactly when the change that asks for it commits.
 */
import type { Executor } from '../../db/client.js';
import { jobs } from '../../db/schema/jobs.js';

export interface EnqueueOptions {
  /** Earliest start; default now. */
  runAt?: Date;
  maxAttempts?: number;
}

/** Listeners told after an enqueue, so a local worker can wake at once instead of at its next poll. */
const wakeListeners = new Set<() => void>();

/** Registers a wake-up listener; returns its removal. */
export function onJobEnqueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/**
 * Adds a job in `executor`'s transaction.
 * @example await enqueueJob(tx, 'payment.settle', { paymentId }, { runAt: new Date(Date.now() + 500) });
 */
export async function enqueueJob(executor: Executor, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await executor.insert(jobs).values({ kind, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5 });
  queueMicrotask(() => wakeListeners.forEach((wake) => wake()));
}
