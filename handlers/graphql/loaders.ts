/**
 * Per-request DataLoaders: every lookup by id or by parent in one GraphQL request is batched into
 * one statement per kind and tick, so the number of SQL statements grows with the depth of the
 * query, not with the length of its lists. Loaded rows prime the by-id caches. Loaders apply no
 * access rule: resolvers decide with the core's access policies.
 */
import DataLoader from 'dataloader';
import type { Account, Transaction } from '../../core/accounts/account.js';
import type { User } from '../../core/users/user.js';
import type { Core } from '../../core/index.js';

const byId = <T extends { id: string }>(ids: readonly string[], rows: T[]): Array<T | null> => {
  const found = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => found.get(id) ?? null);
};

/** Creates the loaders of one request. */
export function createLoaders(core: Core) {
  const users = new DataLoader<string, User | null>(async (ids) => byId(ids, await core.userReads.batch.byIds(ids)));
  const accounts = new DataLoader<string, Account | null>(async (ids) => byId(ids, await core.accountReads.batch.byIds(ids)));
  const transactions = new DataLoader<string, Transaction | null>(async (ids) => byId(ids, await core.transactions.batch.byIds(ids)));

  const accountsOfUser = new DataLoader<string, Account[]>(async (userIds) => {
    const rows = await core.accountReads.batch.ofUsers(userIds);
    const grouped = new Map<string, Account[]>(userIds.map((id) => [id, []]));
    for (const row of rows) {
      grouped.get(row.userId)?.push(row);
      accounts.prime(row.id, row);
    }
    return userIds.map((id) => grouped.get(id)!);
  });

  // One loader per distinct `limit` argument: a batch shares one top-N statement.
  const newest = new Map<number, DataLoader<string, Transaction[]>>();
  const newestTransactions = (limit: number) => {
    let loader = newest.get(limit);
    if (!loader) {
      loader = new DataLoader<string, Transaction[]>(async (accountIds) => {
        const byAccount = await core.transactions.batch.newestOfAccounts(accountIds, limit);
        return accountIds.map((id) => {
          const rows = byAccount.get(id)!;
          for (const row of rows) transactions.prime(row.id, row);
          return rows;
        });
      });
      newest.set(limit, loader);
    }
    return loader;
  };

  return { users, accounts, transactions, accountsOfUser, newestTransactions };
}

export type Loaders = ReturnType<typeof createLoaders>;
