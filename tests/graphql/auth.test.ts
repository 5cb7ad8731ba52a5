import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../core/accounts/account.js';
import type { User } from '../../core/users/user.js';
import { users } from '../../db/schema/users.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { codes, graphqlClient } from './client.js';

let t: TestService;
let gql: ReturnType<typeof graphqlClient>;
let admin: User;
let alice: User;
let bob: User;
let adminToken: string;
let aliceToken: string;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  // Probes below select deep, wide trees on purpose; the cost ceiling has its own tests.
  t = await startTestService({ GRAPHQL_MAX_COST: '10000000' });
  gql = graphqlClient(t);
  admin = await t.createUser({ role: 'ADMIN' });
  alice = await t.createUser();
  bob = await t.createUser();
  await t.service.database.db.update(users).set({ ssn: '078-05-1120' }).where(eq(users.id, bob.id));
  adminToken = await t.token(admin.id, 'ADMIN');
  aliceToken = await t.token(alice.id);
});
afterAll(() => t.close());

describe('authentication', () => {
  it('answers a missing token with UNAUTHORIZED (timestamp, locations, path), not a failed request', async () => {
    const r = await gql('{ me { id } }');
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ me: null });
    expect(r.errors).toEqual([
      { message: 'Authentication required', locations: [{ line: 1, column: 3 }], path: ['me'], extensions: { code: 'UNAUTHORIZED', timestamp: expect.stringMatching(ISO) } },
    ]);
  });

  it('treats an invalid or expired token as unauthenticated: unguarded fields still answer', async () => {
    for (const token of ['garbage', await t.token(alice.id, 'USER', '-1m')]) {
      const r = await gql('{ __typename me { id } }', { token });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ __typename: 'Query', me: null });
      expect(codes(r)).toEqual(['UNAUTHORIZED']);
    }
  });

  it('refuses a SUSPENDED user with FORBIDDEN', async () => {
    const suspended = await t.createUser();
    await t.service.core.users.update({ userId: admin.id, role: 'ADMIN' }, suspended.id, { status: 'SUSPENDED' });
    const r = await gql('{ me { id } }', { token: await t.token(suspended.id) });
    expect(r.errors![0]).toMatchObject({ message: 'Access denied: user is suspended', extensions: { code: 'FORBIDDEN' } });
  });
});

describe('@auth from the SDL', () => {
  it('gives `users` (requires ADMIN) to administrators and FORBIDDEN `Insufficient permissions` to others', async () => {
    const r = await gql('{ users { id } }', { token: aliceToken });
    expect(r.data).toBeNull();
    expect(r.errors).toEqual([{ message: 'Insufficient permissions', locations: [{ line: 1, column: 3 }], path: ['users'], extensions: { code: 'FORBIDDEN' } }]);
    expect(codes(await gql('{ users { id } }', { token: adminToken }))).toEqual([]);
    expect(codes(await gql('{ users { id } }', { token: await t.token(alice.id, 'SUPER_ADMIN') }))).toEqual([]);
    expect(codes(await gql('{ users { id } }'))).toEqual(['UNAUTHORIZED']);
  });

  it('gives User.ssn (requires ADMIN on the field) to administrators; others get an error on that field only', async () => {
    const q = `{ user(id: "${bob.id}") { id ssn } }`;
    expect((await gql(q, { token: adminToken })).data).toEqual({ user: { id: bob.id, ssn: '078-05-1120' } });
    const self = await gql(q, { token: await t.token(bob.id) });
    expect(self.data).toEqual({ user: { id: bob.id, ssn: null } });
    expect(self.errors).toEqual([
      { message: 'Insufficient permissions', locations: [{ line: 1, column: q.indexOf('ssn') + 1 }], path: ['user', 'ssn'], extensions: { code: 'FORBIDDEN' } },
    ]);
  });

  it('guards every field of User (@auth on the type) before its resolver runs', async () => {
    const { createExecutableSchema } = await import('../../app/graphql/schema.js');
    const { isObjectType } = await import('graphql/index.js');
    const userType = createExecutableSchema().getType('User');
    if (!isObjectType(userType)) throw new Error('User is not an object type');
    const anonymous = { auth: { status: 'anonymous', actor: null, reason: 'no token' } };
    const fields = Object.values(userType.getFields());
    expect(fields.length).toBeGreaterThan(10);
    for (const field of fields) {
      expect(() => field.resolve!({ id: bob.id, name: 'x' }, {}, anonymous, { fieldName: field.name } as never), field.name).toThrow('Authentication required');
    }
  });
});

describe('no data of another user leaks through any path', () => {
  let aliceAccount: Account;
  let bobChecking: Account;
  let bobSavings: Account;
  let carolAccount: Account;
  let secrets: string[];

  beforeAll(async () => {
    const carol = await t.createUser();
    aliceAccount = await t.openAccount(alice, { deposit: '10' });
    bobChecking = await t.openAccount(bob, { deposit: '777.77' });
    bobSavings = await t.openAccount(bob, { type: 'SAVINGS', deposit: '31.41' });
    carolAccount = await t.openAccount(carol, { deposit: '5' });
    const bobActor = { userId: bob.id, role: 'USER' as const };
    // Alice and Bob share one transfer; everything else of Bob's is private.
    await t.service.core.accounts.transfer({ userId: alice.id, role: 'USER' }, { fromAccountId: aliceAccount.id, toAccountId: bobChecking.id, amount: '1', description: 'from alice' });
    const privateTx = await t.service.core.accounts.createTransaction(bobActor, { accountId: bobChecking.id, amount: '2', type: 'WITHDRAWAL', description: 'bob private withdrawal' });
    const privateTransfer = await t.service.core.accounts.transfer(bobActor, { fromAccountId: bobChecking.id, toAccountId: carolAccount.id, amount: '3', description: 'bob to carol' });
    const bobNow = await t.service.core.accounts.get(bobActor, bobChecking.id);
    secrets = [bob.email, bobSavings.id, bobSavings.accountNumber, privateTx.id, 'bob private withdrawal', privateTransfer.id, 'bob to carol', '078-05-1120', '773.77', '31.41', bobNow.balance];
    expect(bobNow.balance).toBe('773.7700');
  });

  const probes = () => [
    `{ user(id: "${bob.id}") { id name email emailAddress balance ssn } }`,
    `{ user(id: "${bob.id}") { accounts { id balance } } }`,
    `{ account(id: "${bobChecking.id}") { id balance transactions { id } } }`,
    `{ account(id: "${bobSavings.id}") { id accountNumber } }`,
    `{ accounts(userId: "${bob.id}") { id accountNumber balance } }`,
    `{ transactionHistory(accountId: "${bobChecking.id}") { id description } }`,
    `{ node(id: "${bob.id}") { id ... on User { email emailAddress balance accounts { id } } } }`,
    `{ node(id: "${bobSavings.id}") { id ... on Account { balance } } }`,
    `{ node(id: "${secrets[3]}") { id ... on Transaction { description } } }`,
    `{ node(id: "${secrets[5]}") { id ... on Transfer { amount } } }`,
    `{ transactions(first: 100) { totalCount edges { node { id description fromAccount { id accountNumber balance owner { email balance } } toAccount { id balance transactions { id description } owner { emailAddress accounts { id } } } } } } }`,
    `{ transactionsPage(limit: 100) { totalCount nodes { id description toAccount { balance } } } }`,
    `{ me { accounts { transactions { id toAccount { id owner { id email balance } balance transactions(limit: 100) { id description } } } } } }`,
    `{ search(query: "${bob.firstName}") { __typename ... on User { id email } } }`,
    `{ search(query: "${bob.email}") { __typename ... on User { id } } }`,
    `{ search(query: "${bobSavings.accountNumber}") { __typename ... on Account { id } } }`,
    `{ search(query: "bob") { __typename ... on Transaction { id description } } }`,
    `{ search(query: "carol") { __typename ... on Transaction { id description } } }`,
  ];

  it('as Alice, the counterparty of one transfer', async () => {
    for (const query of probes()) {
      const r = await gql(query, { token: aliceToken });
      const text = JSON.stringify(r);
      for (const secret of secrets) expect(text, `${query} leaked ${secret}`).not.toContain(secret);
      for (const error of r.errors ?? []) expect(['FORBIDDEN', 'NOT_FOUND'], query).toContain(error.extensions?.code);
    }
  });

  it('while administrators see all of it', async () => {
    const r = await gql(`{ user(id: "${bob.id}") { email ssn balance accounts { id accountNumber balance transactions { id description } } } }`, { token: adminToken });
    expect(r.errors).toBeUndefined();
    const text = JSON.stringify(r);
    for (const secret of [bob.email, bobSavings.id, bobSavings.accountNumber, secrets[3]!, 'bob private withdrawal', '078-05-1120']) expect(text).toContain(secret);
  });

  it('shows the counterparty account’s identifying fields only', async () => {
    const r = await gql(`{ transactionHistory(accountId: "${aliceAccount.id}") { description toAccount { id accountNumber currency status owner { id name email } } } }`, { token: aliceToken });
    expect(r.errors).toBeUndefined();
    expect(r.data!.transactionHistory[0]).toEqual({
      description: 'from alice',
      toAccount: { id: bobChecking.id, accountNumber: bobChecking.accountNumber, currency: 'USD', status: 'ACTIVE', owner: { id: bob.id, name: bob.name, email: null } },
    });
    const balance = await gql(`{ transactionHistory(accountId: "${aliceAccount.id}") { description toAccount { balance } } }`, { token: aliceToken });
    expect(balance.errors![0]).toMatchObject({ message: 'Access denied', path: ['transactionHistory', 0, 'toAccount', 'balance'], extensions: { code: 'FORBIDDEN' } });
    // Non-null balance failed: the nearest nullable parent (toAccount) is null.
    expect(balance.data!.transactionHistory[0]).toEqual({ description: 'from alice', toAccount: null });
  });
});
