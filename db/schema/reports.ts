/** Report jobs (the REST resource) and the finished reports they produce. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampMs } from './users.js';

export const REPORT_TYPES = ['TRANSACTION_SUMMARY', 'ACCOUNT_STATEMENT'] as const;
export const REPORT_FORMATS = ['CSV', 'JSON'] as const;
export const REPORT_JOB_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;

export const reportJobs = pgTable(
  'report_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    reportType: text('report_type', { enum: REPORT_TYPES }).notNull(),
    year: integer('year').notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    status: text('status', { enum: REPORT_JOB_STATUSES }).notNull().default('PENDING'),
    /** 0..100, updated while PROCESSING. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    reportId: text('report_id'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
    startedAt: timestampMs('started_at'),
    completedAt: timestampMs('completed_at'),
  },
  (t) => [index('report_jobs_user_created_at_idx').on(t.userId, t.createdAt)],
);

export const reports = pgTable('reports', {
  id: text('id').primaryKey(),
  jobId: text('job_id').notNull(),
  userId: text('user_id').notNull(),
  format: text('format', { enum: REPORT_FORMATS }).notNull(),
  mediaType: text('media_type').notNull(),
  filename: text('filename').notNull(),
  content: text('content').notNull(),
  createdAt: timestampMs('created_at').notNull().defaultNow(),
});

export type ReportJobRow = typeof reportJobs.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
