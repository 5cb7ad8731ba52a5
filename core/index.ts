/**
 * The version-independent core: every service wired to its repository, plus the background work
 * the worker runs. REST v1, GraphQL and any future version call these; none of them knows about
 * HTTP, GraphQL or API versions.
 */
import type { Db } from '../db/client.js';
import { accountsRepository } from './accounts/accounts.repository.js';
import { accountReadsService } from './accounts/account-reads.service.js';
import { accountsService } from './accounts/accounts.service.js';
import type { JobHandler, PeriodicTask } from './jobs/worker.js';
import { createOrders } from './orders/index.js';
import { purgeExpiredKeys } from './payments/idempotency.js';
import { paymentsService } from './payments/payments.service.js';
import { settlePaymentHandler } from './payments/settlement.js';
import { createReports } from './reports/index.js';
import { searchService } from './search/search.service.js';
import { transactionsService } from './transactions/transactions.service.js';
import { userReadsService } from './users/user-reads.service.js';
import { usersRepository } from './users/users.repository.js';
import { usersService, type UsersServiceOptions } from './users/users.service.js';

export interface CoreOptions {
  users?: UsersServiceOptions;
  /** PAYMENT_SETTLE_MS */
  paymentSettleMs?: number;
  /** IDEMPOTENCY_TTL in seconds */
  idempotencyTtlSeconds?: number;
  /** ORDER_FULFIL_MS */
  orderFulfilMs?: number;
}

/** Wires the core services over one database. */
export function createCore(db: Db, options: CoreOptions = {}) {
  const users = usersRepository(db);
  const accounts = accountsRepository(db);
  const orders = createOrders(db, users, { fulfilMs: options.orderFulfilMs ?? 1000 });
  const reports = createReports(db);
  const jobHandlers: JobHandler<never>[] = [settlePaymentHandler as JobHandler<never>, ...orders.handlers, ...reports.handlers];
  const periodicTasks: PeriodicTask[] = [{ name: 'purge-idempotency-keys', everyMs: 10 * 60_000, run: purgeExpiredKeys }];
  const accountsSvc = accountsService(db, accounts, users);
  return {
    users: usersService(users, options.users),
    accounts: accountsSvc,
    /** Whole-list and batched reads (GraphQL lists and DataLoaders). */
    userReads: userReadsService(db),
    accountReads: accountReadsService(db),
    /** Ledger listings (history, cursor and offset pages) with their access rules. */
    transactions: transactionsService(db, accountsSvc),
    search: searchService(db),
    payments: paymentsService(db, accounts, {
      settleMs: options.paymentSettleMs ?? 500,
      idempotencyTtlSeconds: options.idempotencyTtlSeconds ?? 86_400,
    }),
    orders: orders.service,
    reports: reports.service,
    /** Background work, for the worker runtime. */
    jobs: { handlers: jobHandlers, periodic: periodicTasks },
  };
}

export type Core = ReturnType<typeof createCore>;
