/**
 * The durable work queue. A job is claimed by setting a lease (`locked_until`) under
 * `FOR UPDATE SKIP LOCKED`, so instances share work without blocking each other; a worker that dies
 * simply lets its lease run out and another claims the job. A job row is deleted in the same
 * transaction as the work it stands for, so work is never lost and never applied twice.
 */
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampMs } from './users.js';

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestampMs('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestampMs('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_run_at_id_idx').on(t.runAt, t.id), index('jobs_kind_idx').on(t.kind)],
);

export type JobRow = typeof jobs.$inferSelect;
