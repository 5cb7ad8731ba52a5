/**
 * Payments and their idempotency keys. A PROCESSING payment holds its amount: it was debited from
 * `from` at creation and is credited to `to` at settlement (or returned on failure).
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts, money } from './accounts.js';
import { timestampMs } from './users.js';

export const PAYMENT_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    fromAccountId: text('from_account_id')
      .notNull()
      .references(() => accounts.id),
    toAccountId: text('to_account_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PROCESSING'),
    failureReason: text('failure_reason'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
    completedAt: timestampMs('completed_at'),
  },
  (t) => [check('payments_amount_positive', sql`${t.amount} > 0`), index('payments_user_created_at_idx').on(t.userId, t.createdAt)],
);

/** One row per (caller, key): the request fingerprint and the payment it created. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    paymentId: text('payment_id'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    expiresAt: timestampMs('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);

export type PaymentRow = typeof payments.$inferSelect;
