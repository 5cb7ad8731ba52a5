import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../core/accounts/account.js';
import type { User } from '../../core/users/user.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { graphqlClient } from './client.js';

let t: TestService;
let gql: ReturnType<typeof graphqlClient>;
let adminToken: string;
let counterparties: Account[];

/**
 * A user with `n` accounts (one ACTIVE per type at a time, so each is emptied and closed before the
 * next opens), each with a deposit, a transfer out to and a transfer in from a counterparty of
 * another user, and a withdrawal.
 */
async function userWithAccounts(n: number): Promise<User> {
  const user = await t.createUser();
  const actor = { userId: user.id, role: 'USER' as const };
  for (let i = 0; i < n; i++) {
    const account = await t.openAccount(user, { deposit: '10' });
    const other = counterparties[i % counterparties.length]!;
    await t.service.core.accounts.transfer(actor, { fromAccountId: account.id, toAccountId: other.id, amount: '3' });
    await t.service.core.accounts.transfer({ userId: other.userId, role: 'USER' }, { fromAccountId: other.id, toAccountId: account.id, amount: '1' });
    await t.service.core.accounts.createTransaction(actor, { accountId: account.id, amount: '8', type: 'WITHDRAWAL' });
    await t.service.core.accounts.close(actor, account.id);
  }
  return user;
}

beforeAll(async () => {
  // No background worker: its polling statements would land in `t.queries` between ours.
  t = await startTestService({ GRAPHQL_MAX_COST: '10000000', WORKER_ENABLED: 'false' });
  gql = graphqlClient(t);
  const admin = await t.createUser({ role: 'ADMIN' });
  adminToken = await t.token(admin.id, 'ADMIN');
  counterparties = [];
  for (let i = 0; i < 5; i++) counterparties.push(await t.openAccount(await t.createUser(), { deposit: '1000' }));
}, 120_000);
afterAll(() => t.close());

const QUERY = `query ($userId: ID!) {
  accounts(userId: $userId) {
    id
    owner { id accounts { id transactions { id amount fromAccount { id owner { id name } } toAccount { id owner { id } } } } }
  }
}`;

/** Runs the query and returns the statements it cost. */
async function statementsFor(user: User): Promise<{ count: number; accounts: number; transactions: number }> {
  await gql(QUERY, { token: adminToken, variables: { userId: user.id } }); // warm the per-process caches
  t.queries.length = 0;
  const r = await gql(QUERY, { token: adminToken, variables: { userId: user.id } });
  const count = t.queries.length;
  expect(r.errors).toBeUndefined();
  const accounts = r.data!.accounts as Array<{ owner: { accounts: Array<{ transactions: unknown[] }> } }>;
  return { count, accounts: accounts.length, transactions: accounts[0]!.owner.accounts.reduce((n, a) => n + a.transactions.length, 0) };
}

describe('DataLoader batching', () => {
  it('runs as many SQL statements for 30 accounts as for 10: bounded by depth, not list size', async () => {
    const ten = await statementsFor(await userWithAccounts(10));
    const thirty = await statementsFor(await userWithAccounts(30));
    console.log(`SQL statements per request: 10 accounts (${ten.transactions} transactions) → ${ten.count}; 30 accounts (${thirty.transactions} transactions) → ${thirty.count}`);
    expect(ten.accounts).toBe(10);
    expect(thirty.accounts).toBe(30);
    expect(thirty.transactions).toBe(120);
    expect(thirty.count).toBe(ten.count);
    expect(ten.count).toBeLessThanOrEqual(8);
  }, 120_000);
});
