/**
 * Accounts and their ledger. A balance never goes below zero (CHECK); every completed money
 * movement is a `transactions` row, so a balance can always be recomputed from the ledger.
 */
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampMs, users } from './users.js';

export const ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export const TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER', 'PAYMENT'] as const;
export const TRANSACTION_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'REVERSED'] as const;

/** Exact decimal money: 30 digits, 4 after the point (more than any ISO 4217 currency uses). */
export const money = (name: string) => numeric(name, { precision: 30, scale: 4 });

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountNumber: text('account_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull(),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default('0'),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('ACTIVE'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('accounts_balance_not_negative', sql`${t.balance} >= 0`),
    uniqueIndex('accounts_account_number_key').on(t.accountNumber),
    // One ACTIVE account of each type per user (DUPLICATE_ACCOUNT).
    uniqueIndex('accounts_one_active_per_type_key').on(t.userId, t.accountType).where(sql`status = 'ACTIVE'`),
    index('accounts_user_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    index('accounts_created_at_id_idx').on(t.createdAt, t.id),
    index('accounts_balance_id_idx').on(t.balance, t.id),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    fromAccountId: text('from_account_id').references(() => accounts.id),
    toAccountId: text('to_account_id').references(() => accounts.id),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    description: text('description'),
    transferId: text('transfer_id'),
    paymentId: text('payment_id'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('transactions_amount_positive', sql`${t.amount} > 0`),
    check('transactions_has_an_account', sql`${t.fromAccountId} is not null or ${t.toAccountId} is not null`),
    index('transactions_from_created_at_id_idx').on(t.fromAccountId, t.createdAt, t.id),
    index('transactions_to_created_at_id_idx').on(t.toAccountId, t.createdAt, t.id),
    index('transactions_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export const transfers = pgTable(
  'transfers',
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
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    description: text('description'),
    transactionId: text('transaction_id'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
  },
  (t) => [check('transfers_amount_positive', sql`${t.amount} > 0`)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;
