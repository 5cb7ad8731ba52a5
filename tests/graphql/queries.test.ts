import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../core/accounts/account.js';
import type { User } from '../../core/users/user.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { codes, graphqlClient } from './client.js';

let t: TestService;
let gql: ReturnType<typeof graphqlClient>;
let admin: User;
let alice: User;
let bob: User;
let adminToken: string;
let aliceToken: string;
let aliceChecking: Account;
let aliceSavings: Account;
let bobChecking: Account;

const UNKNOWN_USER = 'usr_01m7z9zyfvfev8g04hr93v6800';
const UNKNOWN_ACCOUNT = 'acc_01m7z9zyfvfev8g04hr93v6800';

beforeAll(async () => {
  t = await startTestService();
  gql = graphqlClient(t);
  admin = await t.createUser({ role: 'ADMIN', firstName: 'Ada', lastName: 'Admin' });
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Anders', email: `alice.${Date.now()}@example.com` });
  bob = await t.createUser({ firstName: 'Bob', lastName: 'Berg' });
  adminToken = await t.token(admin.id, 'ADMIN');
  aliceToken = await t.token(alice.id);
  aliceChecking = await t.openAccount(alice, { deposit: '100.5' });
  aliceSavings = await t.openAccount(alice, { type: 'SAVINGS', deposit: '20' });
  bobChecking = await t.openAccount(bob, { deposit: '7' });
  const actor = { userId: alice.id, role: 'USER' as const };
  for (let i = 1; i <= 12; i++) {
    await t.service.core.accounts.createTransaction(actor, { accountId: aliceChecking.id, amount: '1.25', type: 'WITHDRAWAL', description: `coffee ${i}` });
  }
  await t.service.core.accounts.transfer(actor, { fromAccountId: aliceChecking.id, toAccountId: bobChecking.id, amount: '3', description: 'lunch share' });
});
afterAll(() => t.close());

describe('users', () => {
  it('reads any user’s public profile by id, with e-mail only for self and administrators', async () => {
    const q = `query ($id: ID!) { user(id: $id) { id name firstName lastName email emailAddress status role createdAt } }`;
    const asAlice = await gql(q, { token: aliceToken, variables: { id: bob.id } });
    expect(asAlice.errors).toBeUndefined();
    expect(asAlice.data!.user).toEqual({
      id: bob.id,
      name: 'Bob Berg',
      firstName: 'Bob',
      lastName: 'Berg',
      email: null,
      emailAddress: null,
      status: 'ACTIVE',
      role: 'USER',
      createdAt: bob.createdAt.toISOString(),
    });
    expect(asAlice.data!.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const asAdmin = await gql(q, { token: adminToken, variables: { id: bob.id } });
    expect(asAdmin.data!.user).toMatchObject({ email: bob.email, emailAddress: bob.email });
    const self = await gql(q, { token: aliceToken, variables: { id: alice.id } });
    expect(self.data!.user).toMatchObject({ email: alice.email, emailAddress: alice.email });
  });

  it('answers null with NOT_FOUND (resource and id) for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_USER, 'not-an-id']) {
      const r = await gql(`query ($id: ID!) { user(id: $id) { id } }`, { token: aliceToken, variables: { id } });
      expect(r.data).toEqual({ user: null });
      expect(r.errors).toEqual([
        { message: `User ${id} not found`, locations: [{ line: 1, column: 20 }], path: ['user'], extensions: { code: 'NOT_FOUND', resource: 'User', id } },
      ]);
    }
  });

  it('gives `me` the caller, and null for a valid token whose subject has no user row', async () => {
    expect((await gql('{ me { id } }', { token: aliceToken })).data).toEqual({ me: { id: alice.id } });
    const ghost = await gql('{ me { id } }', { token: await t.token(UNKNOWN_USER) });
    expect(ghost).toMatchObject({ data: { me: null } });
    expect(ghost.errors).toBeUndefined();
  });

  it('lists every user newest first for administrators', async () => {
    const r = await gql('{ users { id } }', { token: adminToken });
    const ids = r.data!.users.map((u: { id: string }) => u.id);
    expect(ids.slice(0, 3)).toEqual([bob.id, alice.id, admin.id]);
  });

  it('sums the balances of the user’s accounts for self and administrators only', async () => {
    const q = `query ($id: ID!) { user(id: $id) { balance } }`;
    // 100.50 + 20 − 12 × 1.25 − 3 = 102.50
    expect((await gql(q, { token: aliceToken, variables: { id: alice.id } })).data!.user.balance).toBe('102.50');
    expect((await gql(q, { token: adminToken, variables: { id: alice.id } })).data!.user.balance).toBe('102.50');
    expect((await gql(q, { token: aliceToken, variables: { id: bob.id } })).data!.user.balance).toBeNull();
    const carol = await t.createUser();
    expect((await gql(q, { token: adminToken, variables: { id: carol.id } })).data!.user.balance).toBeNull();
    await t.openAccount(carol, { currency: 'EUR', deposit: '1' });
    await t.openAccount(carol, { type: 'SAVINGS', currency: 'USD', deposit: '1' });
    expect((await gql(q, { token: adminToken, variables: { id: carol.id } })).data!.user.balance).toBeNull();
  });
});

describe('accounts', () => {
  it('reads an own account with money in its currency’s minor units', async () => {
    const r = await gql(`query ($id: ID!) { account(id: $id) { id accountNumber accountType currency balance status createdAt owner { id } } }`, {
      token: aliceToken,
      variables: { id: aliceSavings.id },
    });
    expect(r.data!.account).toEqual({
      id: aliceSavings.id,
      accountNumber: aliceSavings.accountNumber,
      accountType: 'SAVINGS',
      currency: 'USD',
      balance: '20.00',
      status: 'ACTIVE',
      createdAt: aliceSavings.createdAt.toISOString(),
      owner: { id: alice.id },
    });
  });

  it('formats JPY with no and KWD with three fraction digits', async () => {
    const dave = await t.createUser();
    const yen = await t.openAccount(dave, { currency: 'JPY', deposit: '1200' });
    const dinar = await t.openAccount(dave, { type: 'SAVINGS', currency: 'KWD', deposit: '1.25' });
    const token = await t.token(dave.id);
    const q = `query ($id: ID!) { account(id: $id) { balance transactions { amount currency } } }`;
    expect((await gql(q, { token, variables: { id: yen.id } })).data!.account).toEqual({ balance: '1200', transactions: [{ amount: '1200', currency: 'JPY' }] });
    expect((await gql(q, { token, variables: { id: dinar.id } })).data!.account).toEqual({ balance: '1.250', transactions: [{ amount: '1.250', currency: 'KWD' }] });
  });

  it('answers NOT_FOUND for an unknown account and FORBIDDEN (Access denied) for someone else’s', async () => {
    const unknown = await gql(`{ account(id: "${UNKNOWN_ACCOUNT}") { id } }`, { token: aliceToken });
    expect(unknown.data).toEqual({ account: null });
    expect(unknown.errors![0]!.extensions).toEqual({ code: 'NOT_FOUND', resource: 'Account', id: UNKNOWN_ACCOUNT });
    const foreign = await gql(`{ account(id: "${bobChecking.id}") { id } }`, { token: aliceToken });
    expect(foreign.data).toEqual({ account: null });
    expect(foreign.errors).toEqual([{ message: 'Access denied', locations: [{ line: 1, column: 3 }], path: ['account'], extensions: { code: 'FORBIDDEN' } }]);
    expect((await gql(`{ account(id: "${bobChecking.id}") { id } }`, { token: adminToken })).data).toEqual({ account: { id: bobChecking.id } });
  });

  it('lists all accounts of a user oldest first, for the user and administrators', async () => {
    const q = `query ($userId: ID!) { accounts(userId: $userId) { id } }`;
    const expected = { accounts: [{ id: aliceChecking.id }, { id: aliceSavings.id }] };
    expect((await gql(q, { token: aliceToken, variables: { userId: alice.id } })).data).toEqual(expected);
    expect((await gql(q, { token: adminToken, variables: { userId: alice.id } })).data).toEqual(expected);
    const foreign = await gql(q, { token: aliceToken, variables: { userId: bob.id } });
    expect(foreign.data).toBeNull();
    expect(foreign.errors![0]).toMatchObject({ message: 'Access denied', extensions: { code: 'FORBIDDEN' } });
    const unknown = await gql(q, { token: adminToken, variables: { userId: UNKNOWN_USER } });
    expect(codes(unknown)).toEqual(['NOT_FOUND']);
  });

  it('lists an account’s newest 10 transactions by default, `limit` of them when given', async () => {
    const q = `query ($id: ID!, $limit: Int) { account(id: $id) { transactions(limit: $limit) { id amount description } } }`;
    const all = (await gql(`{ transactionHistory(accountId: "${aliceChecking.id}", limit: 100) { id } }`, { token: aliceToken })).data!.transactionHistory;
    expect(all).toHaveLength(14); // deposit, 12 withdrawals, transfer
    const byDefault = (await gql(q, { token: aliceToken, variables: { id: aliceChecking.id } })).data!.account.transactions;
    expect(byDefault.map((x: { id: string }) => x.id)).toEqual(all.slice(0, 10).map((x: { id: string }) => x.id));
    const three = (await gql(q, { token: aliceToken, variables: { id: aliceChecking.id, limit: 3 } })).data!.account.transactions;
    expect(three).toHaveLength(3);
    expect(three[0]).toMatchObject({ amount: '3.00', description: 'lunch share' });
    const zero = await gql(q, { token: aliceToken, variables: { id: aliceChecking.id, limit: 0 } });
    expect(codes(zero)).toEqual(['BAD_USER_INPUT']);
    expect(zero.errors![0]!.path).toEqual(['account', 'transactions']);
  });
});

describe('transaction lists', () => {
  const txFields = 'id type amount currency timestamp status description fromAccount { id } toAccount { id }';

  it('gives transactionHistory newest first, 20 by default, BAD_USER_INPUT below 1', async () => {
    const r = await gql(`{ transactionHistory(accountId: "${aliceChecking.id}") { ${txFields} } }`, { token: aliceToken });
    const list = r.data!.transactionHistory;
    expect(list).toHaveLength(14);
    expect(list[0]).toMatchObject({ type: 'TRANSFER', amount: '3.00', currency: 'USD', status: 'COMPLETED', fromAccount: { id: aliceChecking.id }, toAccount: { id: bobChecking.id } });
    expect(list[13]).toMatchObject({ type: 'DEPOSIT', amount: '100.50', fromAccount: null, toAccount: { id: aliceChecking.id }, description: 'Initial deposit' });
    const times = list.map((x: { timestamp: string }) => x.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(codes(await gql(`{ transactionHistory(accountId: "${aliceChecking.id}", limit: 0) { id } }`, { token: aliceToken }))).toEqual(['BAD_USER_INPUT']);
    const foreign = await gql(`{ transactionHistory(accountId: "${bobChecking.id}") { id } }`, { token: aliceToken });
    expect(foreign.errors![0]).toMatchObject({ message: 'Access denied', extensions: { code: 'FORBIDDEN' } });
    expect(codes(await gql(`{ transactionHistory(accountId: "${UNKNOWN_ACCOUNT}") { id } }`, { token: aliceToken }))).toEqual(['NOT_FOUND']);
  });

  it('pages the caller’s transactions by offset with totalCount and hasMore', async () => {
    const q = `query ($offset: Int, $limit: Int) { transactionsPage(offset: $offset, limit: $limit) { nodes { id } totalCount hasMore } }`;
    // Alice: 2 deposits, 12 withdrawals, 1 transfer.
    const whole = (await gql(q, { token: aliceToken, variables: { limit: 100 } })).data!.transactionsPage;
    expect(whole).toMatchObject({ totalCount: 15, hasMore: false });
    expect(whole.nodes).toHaveLength(15);
    const byDefault = (await gql(q, { token: aliceToken })).data!.transactionsPage;
    expect(byDefault.nodes).toHaveLength(15);
    const page = (await gql(q, { token: aliceToken, variables: { offset: 10, limit: 4 } })).data!.transactionsPage;
    expect(page).toEqual({ nodes: whole.nodes.slice(10, 14), totalCount: 15, hasMore: true });
    const last = (await gql(q, { token: aliceToken, variables: { offset: 12, limit: 4 } })).data!.transactionsPage;
    expect(last).toEqual({ nodes: whole.nodes.slice(12), totalCount: 15, hasMore: false });
    expect(codes(await gql(q, { token: aliceToken, variables: { offset: -1 } }))).toEqual(['BAD_USER_INPUT']);
    expect(codes(await gql(q, { token: aliceToken, variables: { limit: 0 } }))).toEqual(['BAD_USER_INPUT']);
    // Bob sees only the transactions touching his account; administrators see all.
    expect((await gql(q, { token: await t.token(bob.id) })).data!.transactionsPage.totalCount).toBe(2);
    expect((await gql(q, { token: adminToken, variables: { limit: 1 } })).data!.transactionsPage.totalCount).toBeGreaterThanOrEqual(16);
  });

  it('pages forward with cursors: hasPreviousPage when `after` was sent, hasNextPage while items follow', async () => {
    const reference = (await gql('{ transactionsPage(limit: 100) { nodes { id } } }', { token: aliceToken })).data!.transactionsPage.nodes.map((n: { id: string }) => n.id);
    const q = `query ($first: Int, $after: String) { transactions(first: $first, after: $after) {
      edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`;
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const r = await gql(q, { token: aliceToken, variables: { first: 4, after } });
      const c = r.data!.transactions;
      expect(c.totalCount).toBe(15);
      expect(c.pageInfo.hasPreviousPage).toBe(after !== undefined);
      expect(c.pageInfo.startCursor).toBe(c.edges[0].cursor);
      expect(c.pageInfo.endCursor).toBe(c.edges[c.edges.length - 1].cursor);
      seen.push(...c.edges.map((e: { node: { id: string } }) => e.node.id));
      pages++;
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(pages).toBe(4);
    expect(seen).toEqual(reference);
    const byDefault = (await gql('{ transactions { edges { node { id } } } }', { token: aliceToken })).data!.transactions.edges;
    expect(byDefault).toHaveLength(15);
  });

  it('pages backward with `last` and `before`', async () => {
    const reference = (await gql('{ transactionsPage(limit: 100) { nodes { id } } }', { token: aliceToken })).data!.transactionsPage.nodes.map((n: { id: string }) => n.id);
    const q = `query ($last: Int, $before: String) { transactions(last: $last, before: $before) {
      edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const tail = (await gql(q, { token: aliceToken, variables: { last: 4 } })).data!.transactions;
    expect(tail.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(reference.slice(11));
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const previous = (await gql(q, { token: aliceToken, variables: { last: 4, before: tail.pageInfo.startCursor } })).data!.transactions;
    expect(previous.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(reference.slice(7, 11));
    expect(previous.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const head = (await gql(q, { token: aliceToken, variables: { last: 10, before: previous.pageInfo.startCursor } })).data!.transactions;
    expect(head.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(reference.slice(0, 7));
    expect(head.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('refuses mixed directions, sizes below 1 and tampered cursors with BAD_USER_INPUT', async () => {
    const first = (await gql('{ transactions(first: 2) { pageInfo { endCursor } } }', { token: aliceToken })).data!.transactions.pageInfo.endCursor as string;
    const tampered = Buffer.from(Buffer.from(first, 'base64url').toString().replace('"i":"txn_', '"i":"txn_0')).toString('base64url');
    for (const args of [`after: "${first}", before: "${first}"`, `after: "${first}", last: 2`, 'first: 0', 'last: 0', `after: "${tampered}"`, 'after: "garbage"']) {
      const r = await gql(`{ transactions(${args}) { totalCount } }`, { token: aliceToken });
      expect(codes(r), args).toEqual(['BAD_USER_INPUT']);
      expect(r.data).toBeNull();
    }
  });

  it('caps page sizes at 100', async () => {
    const erin = await t.createUser();
    const account = await t.openAccount(erin, { deposit: '1000' });
    const actor = { userId: erin.id, role: 'USER' as const };
    for (let i = 0; i < 104; i++) await t.service.core.accounts.createTransaction(actor, { accountId: account.id, amount: '1', type: 'WITHDRAWAL', description: 'bulk' });
    const token = await t.token(erin.id);
    const r = await gql(
      `{ transactions(first: 500) { edges { node { id } } pageInfo { hasNextPage } }
         transactionsPage(limit: 500) { nodes { id } hasMore }
         transactionHistory(accountId: "${account.id}", limit: 500) { id }
         account(id: "${account.id}") { transactions(limit: 500) { id } } }`,
      { token },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.transactions.edges).toHaveLength(100);
    expect(r.data!.transactions.pageInfo.hasNextPage).toBe(true);
    expect(r.data!.transactionsPage.nodes).toHaveLength(100);
    expect(r.data!.transactionsPage.hasMore).toBe(true);
    expect(r.data!.transactionHistory).toHaveLength(100);
    expect(r.data!.account.transactions).toHaveLength(100);
    const search = await gql('{ search(query: "bulk") { __typename } }', { token });
    expect(search.data!.search).toHaveLength(100);
  });
});

describe('node', () => {
  it('dispatches on the id prefix for every Node type', async () => {
    const transfer = await t.service.core.accounts.transfer({ userId: alice.id, role: 'USER' }, { fromAccountId: aliceSavings.id, toAccountId: aliceChecking.id, amount: '1' });
    const q = `query ($id: ID!) { node(id: $id) { __typename id
      ... on User { name } ... on Account { balance } ... on Transaction { amount } ... on Transfer { amount status transaction { id } } } }`;
    const get = async (id: string) => (await gql(q, { token: aliceToken, variables: { id } })).data!.node;
    expect(await get(alice.id)).toEqual({ __typename: 'User', id: alice.id, name: 'Alice Anders' });
    expect(await get(aliceSavings.id)).toEqual({ __typename: 'Account', id: aliceSavings.id, balance: '19.00' });
    expect(await get(transfer.transactionId!)).toEqual({ __typename: 'Transaction', id: transfer.transactionId, amount: '1.00' });
    expect(await get(transfer.id)).toEqual({ __typename: 'Transfer', id: transfer.id, amount: '1.00', status: 'COMPLETED', transaction: { id: transfer.transactionId } });
  });

  it('answers NOT_FOUND for unknown, malformed and foreign-kind ids', async () => {
    for (const [id, resource] of [
      ['nope', 'Node'],
      ['ord_01m7z9zyfvfev8g04hr93v6800', 'Node'],
      [UNKNOWN_ACCOUNT, 'Account'],
      ['txn_01m7z9zyfvfev8g04hr93v6800', 'Transaction'],
      ['trf_01m7z9zyfvfev8g04hr93v6800', 'Transfer'],
    ]) {
      const r = await gql(`query ($id: ID!) { node(id: $id) { id } }`, { token: aliceToken, variables: { id } });
      expect(r.data).toEqual({ node: null });
      expect(r.errors![0]!.extensions).toEqual({ code: 'NOT_FOUND', resource, id });
    }
  });
});

describe('search', () => {
  it('finds users by name or e-mail, accounts by number and transactions by description, in that order', async () => {
    const frank = await t.createUser({ firstName: 'Frank', lastName: 'Lunchley' });
    const account = await t.openAccount(frank, { deposit: '5' });
    await t.service.core.accounts.createTransaction({ userId: frank.id, role: 'USER' }, { accountId: account.id, amount: '1', type: 'WITHDRAWAL', description: 'Lunch at noon' });
    const token = await t.token(frank.id);
    const q = `query ($q: String!) { search(query: $q) { __typename ... on User { id } ... on Account { id } ... on Transaction { id description } } }`;
    const lunch = (await gql(q, { token, variables: { q: '  LUNCH ' } })).data!.search;
    expect(lunch).toEqual([
      { __typename: 'User', id: frank.id },
      { __typename: 'Transaction', id: expect.stringMatching(/^txn_/), description: 'Lunch at noon' },
    ]);
    const byNumber = (await gql(q, { token, variables: { q: account.accountNumber.slice(2) } })).data!.search;
    expect(byNumber).toEqual([{ __typename: 'Account', id: account.id }]);
    const byEmail = (await gql(q, { token, variables: { q: frank.email.toUpperCase() } })).data!.search;
    expect(byEmail).toEqual([{ __typename: 'User', id: frank.id }]);
    expect((await gql(q, { token, variables: { q: '   ' } })).data!.search).toEqual([]);
    // Literal match: LIKE wildcards in the text are not wildcards.
    expect((await gql(q, { token, variables: { q: '%' } })).data!.search).toEqual([]);
  });

  it('lets administrators find everyone’s, newest first within each kind', async () => {
    const r = await gql(`{ search(query: "lunch") { __typename ... on User { id } ... on Transaction { description } } }`, { token: adminToken });
    const kinds = r.data!.search.map((h: { __typename: string }) => h.__typename);
    expect(kinds).toEqual([...kinds].sort((a, b) => ['User', 'Account', 'Transaction'].indexOf(a) - ['User', 'Account', 'Transaction'].indexOf(b)));
    expect(r.data!.search.filter((h: { description?: string }) => h.description).map((h: { description: string }) => h.description)).toEqual(['Lunch at noon', 'lunch share']);
  });
});
