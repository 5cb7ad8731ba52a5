/**
 * The core services GraphQL uses beyond `createCore`'s: whole-list and batched reads, the ledger
 * lists, search, and the movements with GraphQL's description rule. They are built once per
 * database (cached), so every request and the WebSocket server share them.
 */
import { accountReadsService } from '../../core/accounts/account-reads.service.js';
import type { Core } from '../../core/index.js';
import { searchService } from '../../core/search/search.service.js';
import { movementsService } from '../../core/transactions/movements.service.js';
import { transactionsService } from '../../core/transactions/transactions.service.js';
import { userReadsService } from '../../core/users/user-reads.service.js';
import type { Db } from '../../db/client.js';

function build(core: Core, db: Db) {
  return {
    userReads: userReadsService(db),
    accountReads: accountReadsService(db),
    transactions: transactionsService(db, core.accounts),
    movements: movementsService(db, core.accounts),
    search: searchService(db),
  };
}

export type GraphQLServices = ReturnType<typeof build>;

const cache = new WeakMap<Core, GraphQLServices>();

/** The GraphQL services over `core` and its database (built on first use, then shared). */
export function graphQLServices(core: Core, db: Db): GraphQLServices {
  let services = cache.get(core);
  if (!services) cache.set(core, (services = build(core, db)));
  return services;
}
