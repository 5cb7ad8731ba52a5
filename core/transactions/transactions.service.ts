/**
 * Reading the ledger: one transaction or transfer by id, an account's history, and the caller's
 * transactions (those touching an account they own; administrators: all) as an offset page or a
 * Relay connection. A transaction or transfer is visible to the owners of the accounts it touches
 * and to administrators; an id that names nothing is NotFound, one the caller may not see Forbidden.
 */
import type { Db } from '../../db/client.js';
import type { TransactionRow, TransferRow } from '../../db/schema/accounts.js';
import { accountReadsRepository } from '../accounts/account-reads.repository.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { isAdmin, isOwnerOrAdmin, requireActor, type Actor } from '../actor.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { isIdOf } from '../shared/ids.js';
import { connectionWindow, pageOffset, pageSize, transactionCursor, type ConnectionArgs } from './paging.js';
import type { TransactionConnection, TransactionPage } from './transaction.js';
import { transactionsRepository, type TransactionScope } from './transactions.repository.js';

/** Memoizes a count so a list's totalCount query runs at most once, and only when asked for. */
const lazyCount = (run: () => Promise<number>) => {
  let pending: Promise<number> | undefined;
  return () => (pending ??= run());
};

/** Creates the ledger reads; `accounts` provides the owner-or-administrator account load. */
export function transactionsService(db: Db, accounts: Pick<AccountsService, 'load'>) {
  const repo = transactionsRepository(db);
  const accountReads = accountReadsRepository(db);

  const scopeOf = (actor: Actor): TransactionScope => (isAdmin(actor) ? 'all' : { userId: actor.userId });

  /** Throws Forbidden unless the actor owns one of the accounts or is an administrator. */
  async function assertTouchesOwn(actor: Actor, accountIds: Array<string | null>): Promise<void> {
    if (isAdmin(actor)) return;
    const touched = await accountReads.byIds(accountIds.filter((id): id is string => id !== null));
    if (!touched.some((account) => isOwnerOrAdmin(actor, account.userId))) throw new ForbiddenError('Access denied');
  }

  return {
    /** A transaction by id, for the owners of the accounts it touches and administrators. */
    async get(actor: Actor | null, id: string): Promise<TransactionRow> {
      const a = requireActor(actor);
      const [row] = isIdOf('transaction', id) ? await repo.byIds([id]) : [];
      if (!row) throw new NotFoundError('Transaction', id);
      await assertTouchesOwn(a, [row.fromAccountId, row.toAccountId]);
      return row;
    },

    /** A transfer by id, for the owners of either account and administrators. */
    async getTransfer(actor: Actor | null, id: string): Promise<TransferRow> {
      const a = requireActor(actor);
      const [row] = isIdOf('transfer', id) ? await repo.transfersByIds([id]) : [];
      if (!row) throw new NotFoundError('Transfer', id);
      await assertTouchesOwn(a, [row.fromAccountId, row.toAccountId]);
      return row;
    },

    /** The newest transactions of one account (owner or administrator); limit default 20, cap 100. */
    async history(actor: Actor | null, accountId: string, limit?: number | null): Promise<TransactionRow[]> {
      const size = pageSize(limit, 'limit');
      await accounts.load(actor, accountId);
      return (await repo.newestOfAccounts([accountId], size)).get(accountId)!;
    },

    /** The caller's transactions as an offset page, newest first. */
    async page(actor: Actor | null, args: { offset?: number | null; limit?: number | null }): Promise<TransactionPage> {
      const scope = scopeOf(requireActor(actor));
      const offset = pageOffset(args.offset);
      const size = pageSize(args.limit, 'limit');
      const { items, hasMore } = await repo.page(scope, offset, size);
      return { nodes: items, hasMore, totalCount: lazyCount(() => repo.count(scope)) };
    },

    /**
     * The caller's transactions as a Relay connection, newest first. `hasPreviousPage` is true in
     * forward paging whenever `after` was given (SPEC §4.5), in backward paging when items precede
     * the page; `hasNextPage` is true when items follow the page.
     */
    async connection(actor: Actor | null, args: ConnectionArgs): Promise<TransactionConnection> {
      const scope = scopeOf(requireActor(actor));
      const window = connectionWindow(args);
      const { items, cut } = await repo.slice(scope, window);
      const edges = items.map((node) => ({ node, cursor: transactionCursor(node) }));
      const forward = window.direction === 'forward';
      return {
        edges,
        pageInfo: {
          hasNextPage: forward ? cut || window.before !== undefined : window.before !== undefined,
          hasPreviousPage: forward ? window.after !== undefined : cut,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges[edges.length - 1]?.cursor ?? null,
        },
        totalCount: lazyCount(() => repo.count(scope)),
      };
    },

    /** Batched reads for per-request loaders; no access rule is applied (the caller decides). */
    batch: {
      byIds: (ids: readonly string[]) => repo.byIds(ids),
      newestOfAccounts: (accountIds: readonly string[], limit: number) => repo.newestOfAccounts(accountIds, limit),
    },
  };
}

export type TransactionsService = ReturnType<typeof transactionsService>;
