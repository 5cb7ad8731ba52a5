/** SQL for reading accounts and their transactions. */
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { accounts, transactions, transfers, type AccountRow, type TransactionRow } from '../../db/schema/accounts.js';
import { runListing, type ListParams, type ListResult, type Listing } from '../shared/listing.js';

const ACCOUNT_LISTING: Listing<AccountRow, 'createdAt' | 'balance'> = {
  fields: {
    createdAt: { column: accounts.createdAt, type: 'timestamptz', value: (r) => r.createdAt },
    balance: { column: accounts.balance, type: 'numeric', value: (r) => r.balance },
  },
  id: { column: accounts.id, value: (r) => r.id },
};

const TRANSACTION_LISTING: Listing<TransactionRow, 'createdAt'> = {
  fields: { createdAt: { column: transactions.createdAt, type: 'timestamptz', value: (r) => r.createdAt } },
  id: { column: transactions.id, value: (r) => r.id },
};

/** Transactions touching any of the accounts (all transactions when `accountIds` is undefined). */
export function touching(accountIds: readonly string[] | undefined): SQL | undefined {
  if (!accountIds) return undefined;
  if (accountIds.length === 0) return sql`false`;
  return or(inArray(transactions.fromAccountId, [...accountIds]), inArray(transactions.toAccountId, [...accountIds]));
}

/** Data access for accounts. */
export function accountsRepository(db: Db) {
  const byId = db.select().from(accounts).where(eq(accounts.id, sql.placeholder('id'))).limit(1).prepare('accounts_by_id');
  return {
    async findById(id: string): Promise<AccountRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },

    async findMany(ids: readonly string[]): Promise<AccountRow[]> {
      return ids.length ? db.select().from(accounts).where(inArray(accounts.id, [...ids])) : [];
    },

    async idsOfUser(userId: string, executor: Executor = db): Promise<string[]> {
      return (await executor.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId))).map((r) => r.id);
    },

    async list(userId: string | undefined, params: ListParams): Promise<ListResult<AccountRow>> {
      const where = userId ? eq(accounts.userId, userId) : undefined;
      return runListing(ACCOUNT_LISTING, params, where, {
        rows: (w, orderBy, limit, offset) => db.select().from(accounts).where(w).orderBy(...orderBy).limit(limit).offset(offset),
        count: async (w) => (await db.select({ n: count() }).from(accounts).where(w))[0]!.n,
      });
    },

    /** Newest first, cursor- or page-based. */
    async listTransactions(accountIds: readonly string[] | undefined, params: ListParams): Promise<ListResult<TransactionRow>> {
      return runListing(TRANSACTION_LISTING, { ...params, sort: ['createdAt,desc'] }, touching(accountIds), {
        rows: (w, orderBy, limit, offset) => db.select().from(transactions).where(w).orderBy(...orderBy).limit(limit).offset(offset),
        count: async (w) => (await db.select({ n: count() }).from(transactions).where(w))[0]!.n,
      });
    },

    async findTransaction(id: string): Promise<TransactionRow | undefined> {
      const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
      return row;
    },

    async findTransfer(id: string) {
      const [row] = await db.select().from(transfers).where(eq(transfers.id, id)).limit(1);
      return row;
    },

    async newestTransactions(accountId: string, limit: number): Promise<TransactionRow[]> {
      return db
        .select()
        .from(transactions)
        .where(and(touching([accountId])))
        .orderBy(sql`${transactions.createdAt} desc, ${transactions.id} desc`)
        .limit(limit);
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
