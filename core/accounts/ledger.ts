/**
 * Moving money. Every movement runs inside the caller's transaction and:
 *  1. locks the accounts it touches (`FOR UPDATE`, in id order, so two transfers between the same
 *     accounts in opposite directions cannot deadlock);
 *  2. debits with `balance = balance - x WHERE balance >= x` (no read-modify-write in JS, and the
 *     CHECK constraint balance >= 0 backs it up), credits with `balance + x`;
 *  3. records the ledger row and publishes transaction/balance events, delivered on commit.
 * Amounts are decimal strings; all arithmetic is PostgreSQL `numeric`.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, transactions, type AccountRow, type TransactionRow } from '../../db/schema/accounts.js';
import { InsufficientFundsError } from '../errors.js';
import type { DomainEvent } from '../events/domain-events.js';
import { publishEvents } from '../events/publish.js';
import { newId } from '../shared/ids.js';

/** Locks the given accounts for the rest of the transaction; returns them by id (missing ones absent). */
export async function lockAccounts(tx: Executor, ids: string[]): Promise<Map<string, AccountRow>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const rows = await tx.select().from(accounts).where(inArray(accounts.id, unique)).orderBy(accounts.id).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

function balanceEvent(row: { id: string; balance: string; currency: string; updatedAt: Date }): DomainEvent {
  return { type: 'balance.updated', accountId: row.id, newBalance: row.balance, currency: row.currency, timestamp: row.updatedAt.toISOString() };
}

/**
 * Takes `amount` out of an account (locked by the caller).
 * @throws InsufficientFundsError when the balance is lower than the amount.
 */
export async function debit(tx: Executor, accountId: string, amount: string): Promise<AccountRow> {
  const [row] = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} - ${amount}::numeric`, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), gte(accounts.balance, amount)))
    .returning();
  if (!row) throw new InsufficientFundsError(`Insufficient funds in account ${accountId} for ${amount}`);
  await publishEvents(tx, [balanceEvent(row)]);
  return row;
}

/** Adds `amount` to an account (locked by the caller). */
export async function credit(tx: Executor, accountId: string, amount: string): Promise<AccountRow> {
  const [row] = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${amount}::numeric`, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  await publishEvents(tx, [balanceEvent(row!)]);
  return row!;
}

export interface LedgerEntry {
  type: TransactionRow['type'];
  amount: string;
  currency: string;
  fromAccountId?: string | null;
  toAccountId?: string | null;
  description?: string | null;
  transferId?: string;
  paymentId?: string;
}

/** Records a COMPLETED ledger transaction and announces it to every account it touches. */
export async function recordTransaction(tx: Executor, entry: LedgerEntry): Promise<TransactionRow> {
  const [row] = await tx
    .insert(transactions)
    .values({ id: newId('transaction'), status: 'COMPLETED', ...entry, fromAccountId: entry.fromAccountId ?? null, toAccountId: entry.toAccountId ?? null })
    .returning();
  const t = row!;
  await publishEvents(tx, [
    {
      type: 'transaction.created',
      accountIds: [t.fromAccountId, t.toAccountId].filter((id): id is string => id !== null),
      transaction: { ...t, createdAt: t.createdAt.toISOString() },
    },
  ]);
  return t;
}
