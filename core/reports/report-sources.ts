/**
 * The ledger as reports read it: the creator's accounts, and their COMPLETED transactions inside
 * a report window. Sums are PostgreSQL `numeric` (exact); amounts come back as decimal strings.
 */
import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, transactions, type TransactionRow } from '../../db/schema/accounts.js';
import { touching } from '../accounts/accounts.repository.js';

/**
 * The calendar year `[from, to)` in UTC, cut at `asOf` (inclusive): the moment the job was
 * accepted, so a report reads the same ledger however often its job is resumed or retried.
 */
export interface ReportWindow {
  from: Date;
  to: Date;
  asOf: Date;
}

export function reportWindow(year: number, asOf: Date): ReportWindow {
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)), asOf };
}

export interface ReportAccount {
  id: string;
  currency: string;
}

/** One account in one month (the TRANSACTION_SUMMARY row). */
export interface SummaryRow {
  accountId: string;
  currency: string;
  /** `YYYY-MM` */
  month: string;
  transactionCount: number;
  totalIn: string;
  totalOut: string;
  net: string;
}

/** One transaction seen from one account (the ACCOUNT_STATEMENT row). */
export interface StatementRow {
  accountId: string;
  transactionId: string;
  createdAt: Date;
  type: TransactionRow['type'];
  direction: 'IN' | 'OUT';
  amount: string;
  currency: string;
  description: string | null;
  /** Ledger balance of the account after this transaction (AccountStatementRow.balance, contract 1.1.0). */
  balance: string;
}

export type StatementEntry = Pick<TransactionRow, 'id' | 'type' | 'amount' | 'currency' | 'description' | 'createdAt' | 'toAccountId'>;

function inWindow(w: ReportWindow): SQL {
  return and(eq(transactions.status, 'COMPLETED'), gte(transactions.createdAt, w.from), lt(transactions.createdAt, w.to), lte(transactions.createdAt, w.asOf))!;
}

/** Every account of the user, closed ones included, oldest first. */
export async function accountsOf(db: Executor, userId: string): Promise<ReportAccount[]> {
  return db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
}

/** Per month with at least one transaction: count, money in, money out, net. */
export async function monthlySummary(db: Executor, account: ReportAccount, w: ReportWindow): Promise<SummaryRow[]> {
  const month = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const moneyIn = sql`coalesce(sum(${transactions.amount}) filter (where ${transactions.toAccountId} = ${account.id}), 0)`;
  const moneyOut = sql`coalesce(sum(${transactions.amount}) filter (where ${transactions.fromAccountId} = ${account.id}), 0)`;
  const rows = await db
    .select({
      month,
      transactionCount: sql<number>`count(*)::int`,
      totalIn: sql<string>`${moneyIn}::text`,
      totalOut: sql<string>`${moneyOut}::text`,
      net: sql<string>`(${moneyIn} - ${moneyOut})::text`,
    })
    .from(transactions)
    .where(and(touching([account.id]), inWindow(w)))
    .groupBy(month)
    .orderBy(month);
  return rows.map((r) => ({ accountId: account.id, currency: account.currency, ...r, transactionCount: Number(r.transactionCount) }));
}

/** The account's ledger balance when the window opens. */
export async function openingBalance(db: Executor, accountId: string, w: ReportWindow): Promise<string> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(case when ${transactions.toAccountId} = ${accountId} then ${transactions.amount} else -${transactions.amount} end), 0)::text`,
    })
    .from(transactions)
    .where(and(touching([accountId]), eq(transactions.status, 'COMPLETED'), lt(transactions.createdAt, w.from)));
  return row!.balance;
}

/** Up to `limit` of the account's transactions in the window after `after`, oldest first. */
export async function statementPage(
  db: Executor,
  accountId: string,
  w: ReportWindow,
  after: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<StatementEntry[]> {
  const keyset = after
    ? or(gt(transactions.createdAt, after.createdAt), and(eq(transactions.createdAt, after.createdAt), gt(transactions.id, after.id)))
    : undefined;
  return db
    .select({
      id: transactions.id,
      type: transactions.type,
      amount: transactions.amount,
      currency: transactions.currency,
      description: transactions.description,
      createdAt: transactions.createdAt,
      toAccountId: transactions.toAccountId,
    })
    .from(transactions)
    .where(and(touching([accountId]), inWindow(w), keyset))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(limit);
}

/** Number of statement rows: a transaction between two of the accounts counts once for each. */
export async function statementSize(db: Executor, accountIds: readonly string[], w: ReportWindow): Promise<number> {
  if (accountIds.length === 0) return 0;
  const ids = [...accountIds];
  const [row] = await db
    .select({
      n: sql<number>`(count(*) filter (where ${inArray(transactions.fromAccountId, ids)}) + count(*) filter (where ${inArray(transactions.toAccountId, ids)}))::int`,
    })
    .from(transactions)
    .where(and(touching(ids), inWindow(w)));
  return Number(row!.n);
}
