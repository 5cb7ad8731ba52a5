/**
 * The worker runtime shared by settlement, fulfilment, reports and housekeeping.
 *
 * - Claim: `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` sets a lease, so instances
 *   share work without waiting on each other. A crashed worker's lease runs out and the job is
 *   claimed again: nothing is lost.
 * - Finish: a handler completes its work in `finish(tx => …)`, the same transaction that deletes
 *   the job row, so the effect is applied exactly once.
 * - Failure: retried with exponential back-off up to the job's `maxAttempts`; then the handler's
 *   `exhausted` hook runs (e.g. fail the payment and return its hold) and the job is removed.
 * - Bounded concurrency, polling woken early by the jobs channel's NOTIFY (sent at commit by
 *   `enqueueJob`; a job due later is found by the poll), graceful stop.
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { jobs, type JobRow } from '../../db/schema/jobs.js';
import { rawRows } from '../../db/client.js';
import { JOBS_CHANNEL } from './queue.js';

export interface JobContext {
  db: Db;
  /** For progress and diagnostics of this job. */
  logger: WorkerLogger;
  /** Runs `fn` and removes the job in one transaction. */
  finish(fn: (tx: Tx) => Promise<void>): Promise<void>;
  /** Extends the lease of a long job. */
  heartbeat(): Promise<void>;
}

export interface JobHandler<P = Record<string, unknown>> {
  kind: string;
  /** How long a claim lasts before another worker may take the job (default 30 s). */
  leaseMs?: number;
  run(payload: P, ctx: JobContext, job: JobRow): Promise<void>;
  /** Runs once attempts are exhausted, in the transaction that removes the job. */
  exhausted?(payload: P, tx: Tx, error: string): Promise<void>;
}

/** A housekeeping task run every `everyMs` by each instance (it must be safe to run concurrently). */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(db: Db): Promise<unknown>;
}

export interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerOptions {
  db: Db;
  /** LISTEN for wake-ups (the database handle's `listen`); without it the worker only polls. */
  listen?: (channel: string, onMessage: () => void) => Promise<() => Promise<void>>;
  handlers: JobHandler<never>[];
  periodic?: PeriodicTask[];
  logger: WorkerLogger;
  concurrency?: number;
  pollMs?: number;
}

const DEFAULT_LEASE_MS = 30_000;

/** Delay before retry n (1-based): 1 s, 2 s, 4 s … capped at 5 min. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 300_000);
}

/**
 * Creates a worker; call `start()` to run it in the background and `stop()` to drain it.
 * @example const worker = createWorker({ db, handlers: [settlePayment], logger }); worker.start();
 */
export function createWorker(options: WorkerOptions) {
  const { db, logger } = options;
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 1000;
  const handlers = new Map(options.handlers.map((h) => [h.kind, h as unknown as JobHandler]));
  const workerId = `worker-${randomUUID().slice(0, 8)}`;
  const inFlight = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  async function claim(limit: number): Promise<JobRow[]> {
    const kinds = [...handlers.keys()];
    const rows = await rawRows<Record<string, unknown>>(
      db,
      sql`update jobs set locked_until = now() + make_interval(secs => ${DEFAULT_LEASE_MS / 1000}), locked_by = ${workerId}, attempts = attempts + 1
          where id in (
            select id from jobs
            where run_at <= now() and (locked_until is null or locked_until < now())
              and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
            order by run_at, id limit ${limit}
            for update skip locked)
          returning id, kind, payload, attempts, max_attempts, run_at`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      payload: r.payload as Record<string, unknown>,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      runAt: new Date(r.run_at as string),
      lockedUntil: null,
      lockedBy: workerId,
      lastError: null,
      createdAt: new Date(),
    }));
  }

  const own = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId));

  async function process(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind)!;
    let finished = false;
    const ctx: JobContext = {
      db,
      logger,
      finish: async (fn) => {
        await db.transaction(async (tx) => {
          await fn(tx);
          await tx.delete(jobs).where(eq(jobs.id, job.id));
        });
        finished = true;
      },
      heartbeat: async () => {
        await db.update(jobs).set({ lockedUntil: new Date(Date.now() + (handler.leaseMs ?? DEFAULT_LEASE_MS)) }).where(own(job));
      },
    };
    try {
      if (handler.leaseMs && handler.leaseMs !== DEFAULT_LEASE_MS) await ctx.heartbeat();
      await handler.run(job.payload, ctx, job);
      if (!finished) await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempts >= job.maxAttempts) {
        logger.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed for good');
        await db.transaction(async (tx) => {
          await handler.exhausted?.(job.payload, tx, message);
          await tx.delete(jobs).where(eq(jobs.id, job.id));
        });
      } else {
        const delay = retryDelayMs(job.attempts);
        logger.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retryInMs: delay, err: message }, 'job failed, will retry');
        await db
          .update(jobs)
          .set({ runAt: new Date(Date.now() + delay), lockedUntil: null, lockedBy: null, lastError: message })
          .where(own(job));
      }
    }
  }

  function track(job: JobRow): void {
    const p = process(job)
      .catch((err: unknown) => logger.error({ jobId: job.id, kind: job.kind, err: String(err) }, 'job bookkeeping failed; its lease will expire and it will be retried'))
      .finally(() => {
        inFlight.delete(p);
        wakeUp?.();
      });
    inFlight.add(p);
  }

  /** Claims and starts as many due jobs as there is room for; returns how many it started. */
  async function tick(): Promise<number> {
    const room = concurrency - inFlight.size;
    if (room <= 0 || handlers.size === 0) return 0;
    const claimed = await claim(room);
    claimed.forEach(track);
    return claimed.length;
  }

  async function run(): Promise<void> {
    while (running) {
      let started = 0;
      try {
        started = await tick();
      } catch (err) {
        logger.error({ err: String(err) }, 'claiming jobs failed; retrying after the poll interval');
      }
      if (started === 0 || inFlight.size >= concurrency) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }
  }

  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;
  return {
    id: workerId,
    start(): void {
      if (running) return;
      running = true;
      unlisten = options.listen?.(JOBS_CHANNEL, () => wakeUp?.()).catch((err: unknown) => {
        logger.warn({ err: String(err) }, 'could not LISTEN for job wake-ups; polling only');
        return undefined;
      });
      for (const task of options.periodic ?? []) {
        const timer = setInterval(() => {
          task.run(db).catch((err: unknown) => logger.error({ task: task.name, err: String(err) }, 'periodic task failed'));
        }, task.everyMs);
        timer.unref();
        timers.push(timer);
      }
      loop = run();
    },
    /** Stops claiming, then waits for the jobs in flight (their leases cover a hard stop). */
    async stop(timeoutMs = 10_000): Promise<void> {
      running = false;
      await (await unlisten)?.();
      timers.forEach(clearInterval);
      wakeUp?.();
      await loop;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
    /** Runs due jobs to completion once (tests and scripts). */
    async drain(): Promise<void> {
      while ((await tick()) > 0 || inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
