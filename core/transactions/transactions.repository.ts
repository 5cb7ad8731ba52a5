/**
 * SQL for reading the ledger across accounts: by id, the newest N of many accounts at once, and
 * the caller-scoped list in offset and keyset (both directions) form. Newest first everywhere:
 * `created_at desc, id desc`, served by the `(from|to)_account_id, created_at, id` and
 * `created_at, id` indexes.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, transactions, transfers, type TransactionRow, type TransferRow } from '../../db/schema/accounts.js';
import type { CursorPosition } from '../shared/cursor.js';

/** Whose transactions a list holds: those touching a user's accounts, or all (administrators). */
export type TransactionScope = { userId: string } | 'all';

const newestFirst = (a: TransactionRow, b: TransactionRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Creates the ledger reads over a database. */
export function transactionsRepository(db: Db) {
  function scopeSql(scope: TransactionScope): SQL | undefined {
    if (scope === 'all') return undefined;
    const owned = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, scope.userId));
    return or(inArray(transactions.fromAccountId, owned), inArray(transactions.toAccountId, owned));
  }

  // The per-request batch reads are prepared once with array parameters: building a Drizzle
  // query costs more than running it.
  const byIds = db.select().from(transactions).where(sql`${transactions.id} = any(${sql.placeholder('ids')}::text[])`).prepare('transactions_by_ids');
  // A lateral top-N per account and side (index scans), then the rows.
  const newest = db
    .select()
    .from(transactions)
    .where(
      sql`${transactions.id} in (select x.id from unnest(${sql.placeholder('accountIds')}::text[]) as a(id) cross join lateral (
        (select t.id from transactions t where t.from_account_id = a.id order by t.created_at desc, t.id desc limit ${sql.placeholder('limit')})
        union all
        (select t.id from transactions t where t.to_account_id = a.id order by t.created_at desc, t.id desc limit ${sql.placeholder('limit')})
      ) as x)`,
    )
    .prepare('transactions_newest_of_accounts');
  const transfersById = db.select().from(transfers).where(sql`${transfers.id} = any(${sql.placeholder('ids')}::text[])`).prepare('transfers_by_ids');

  /** `(created_at, id) <op> (cursor)`: one row comparison, a range scan on the index. */
  const beyond = (op: '<' | '>', p: CursorPosition) =>
    sql`(${transactions.createdAt}, ${transactions.id}) ${sql.raw(op)} (cast(${String(p.values[0])} as timestamptz), ${p.id})`;

  return {
    /** The transactions with these ids (missing ids are absent). */
    async byIds(ids: readonly string[]): Promise<TransactionRow[]> {
      return ids.length ? byIds.execute({ ids: [...ids] }) : [];
    },

    /**
     * The newest `limit` transactions of each account, in one statement for all of them. Returns a
     * map account id → its transactions, newest first.
     */
    async newestOfAccounts(accountIds: readonly string[], limit: number): Promise<Map<string, TransactionRow[]>> {
      const result = new Map<string, TransactionRow[]>(accountIds.map((id) => [id, []]));
      if (accountIds.length === 0) return result;
      const rows = await newest.execute({ accountIds: [...accountIds], limit });
      // Each account's own newest `limit` are in `rows`, and any other row touching it is older.
      rows.sort(newestFirst);
      for (const row of rows) {
        for (const id of [row.fromAccountId, row.toAccountId]) {
          const list = id === null ? undefined : result.get(id);
          if (list && list.length < limit) list.push(row);
        }
      }
      return result;
    },

    /** Offset page of the scope, newest first; fetches one extra row to tell whether more exist. */
    async page(scope: TransactionScope, offset: number, limit: number): Promise<{ items: TransactionRow[]; hasMore: boolean }> {
      const rows = await db
        .select()
        .from(transactions)
        .where(scopeSql(scope))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit + 1)
        .offset(offset);
      return { items: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /**
     * Keyset slice of the scope. `forward`: newest first, below `after` and above `before`;
     * `backward`: the oldest-end slice above `before`, returned newest first. Fetches `size + 1`
     * to tell whether the slice was cut.
     */
    async slice(
      scope: TransactionScope,
      window: { direction: 'forward' | 'backward'; size: number; after?: CursorPosition; before?: CursorPosition },
    ): Promise<{ items: TransactionRow[]; cut: boolean }> {
      const where = and(
        scopeSql(scope),
        window.after ? beyond('<', window.after) : undefined,
        window.before ? beyond('>', window.before) : undefined,
      );
      const order = window.direction === 'forward' ? [desc(transactions.createdAt), desc(transactions.id)] : [asc(transactions.createdAt), asc(transactions.id)];
      const rows = await db.select().from(transactions).where(where).orderBy(...order).limit(window.size + 1);
      const cut = rows.length > window.size;
      const items = rows.slice(0, window.size);
      return { items: window.direction === 'forward' ? items : items.reverse(), cut };
    },

    /** Number of transactions in the scope. */
    async count(scope: TransactionScope): Promise<number> {
      return (await db.select({ n: count() }).from(transactions).where(scopeSql(scope)))[0]!.n;
    },

    /** The transfers with these ids (missing ids are absent). */
    async transfersByIds(ids: readonly string[]): Promise<TransferRow[]> {
      return ids.length ? transfersById.execute({ ids: [...ids] }) : [];
    },
  };
}

export type TransactionsRepository = ReturnType<typeof transactionsRepository>;
