import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
let aliceAccount: Account;
let bobAccount: Account;

const UNKNOWN_USER = 'usr_01m7z9zyfvfev8g04hr93v6800';
const UNKNOWN_ACCOUNT = 'acc_01m7z9zyfvfev8g04hr93v6800';

const balanceOf = async (id: string) => (await t.service.core.accounts.get({ userId: 'system', role: 'SUPER_ADMIN' }, id)).balance;

beforeAll(async () => {
  t = await startTestService();
  gql = graphqlClient(t);
  admin = await t.createUser({ role: 'ADMIN' });
  alice = await t.createUser();
  bob = await t.createUser();
  adminToken = await t.token(admin.id, 'ADMIN');
  aliceToken = await t.token(alice.id);
  aliceAccount = await t.openAccount(alice, { deposit: '50' });
  bobAccount = await t.openAccount(bob, { deposit: '5' });
});
afterAll(() => t.close());

const CREATE_ACCOUNT = `mutation ($input: CreateAccountInput!) { createAccount(input: $input) {
  account { id accountType currency balance status owner { id } transactions { type amount description } }
  userErrors { message field code } } }`;

describe('createAccount', () => {
  it('opens an ACTIVE account with an initial deposit booked as a DEPOSIT', async () => {
    const r = await gql(CREATE_ACCOUNT, { token: aliceToken, variables: { input: { userId: alice.id, accountType: 'SAVINGS', initialDeposit: '12.5' } } });
    expect(r.errors).toBeUndefined();
    expect(r.data!.createAccount).toEqual({
      account: {
        id: expect.stringMatching(/^acc_/),
        accountType: 'SAVINGS',
        currency: 'USD',
        balance: '12.50',
        status: 'ACTIVE',
        owner: { id: alice.id },
        transactions: [{ type: 'DEPOSIT', amount: '12.50', description: 'Initial deposit' }],
      },
      userErrors: [],
    });
  });

  it('reports every failure at once, with field paths and codes, and opens nothing', async () => {
    const r = await gql(CREATE_ACCOUNT, {
      token: aliceToken,
      variables: { input: { userId: bob.id, accountType: 'CHECKING', currency: 'XYZ' } },
    });
    expect(r.data!.createAccount.account).toBeNull();
    expect(r.data!.createAccount.userErrors).toEqual([
      { message: 'Access denied', field: ['userId'], code: 'AUTHORIZATION_FAILED' },
      { message: "'XYZ' is not an ISO 4217 currency code", field: ['currency'], code: 'INVALID_INPUT' },
    ]);
    const deposit = await gql(CREATE_ACCOUNT, { token: adminToken, variables: { input: { userId: UNKNOWN_USER, accountType: 'CHECKING', initialDeposit: '1.001' } } });
    expect(deposit.data!.createAccount.userErrors.map((e: { field: string[]; code: string }) => [e.field, e.code])).toEqual([
      [['initialDeposit'], 'INVALID_INPUT'],
      [['userId'], 'NOT_FOUND'],
    ]);
    expect((await gql(`{ accounts(userId: "${bob.id}") { id } }`, { token: adminToken })).data!.accounts).toHaveLength(1);
  });

  it('refuses a second ACTIVE account of a type with DUPLICATE_ACCOUNT on accountType', async () => {
    const r = await gql(CREATE_ACCOUNT, { token: aliceToken, variables: { input: { userId: alice.id, accountType: 'CHECKING' } } });
    expect(r.data!.createAccount).toEqual({
      account: null,
      userErrors: [{ message: expect.stringContaining('already has an ACTIVE CHECKING account'), field: ['accountType'], code: 'DUPLICATE_ACCOUNT' }],
    });
  });

  it('lets administrators open accounts for others', async () => {
    const carol = await t.createUser();
    const r = await gql(CREATE_ACCOUNT, { token: adminToken, variables: { input: { userId: carol.id, accountType: 'CHECKING', currency: 'JPY', initialDeposit: 1000 } } });
    expect(r.data!.createAccount.account).toMatchObject({ currency: 'JPY', balance: '1000', owner: { id: carol.id } });
  });

  it('refuses malformed Currency values as BAD_USER_INPUT errors, not userErrors', async () => {
    for (const initialDeposit of ['1e3', 'ten', '1,000.00', Number.MAX_VALUE]) {
      const r = await gql(CREATE_ACCOUNT, { token: aliceToken, variables: { input: { userId: alice.id, accountType: 'SAVINGS', initialDeposit } } });
      expect(codes(r), String(initialDeposit)).toEqual(['BAD_USER_INPUT']);
      expect(r.data).toBeUndefined();
    }
    const literal = await gql(`mutation { createAccount(input: { userId: "${alice.id}", accountType: SAVINGS, initialDeposit: 1e3 }) { userErrors { code } } }`, { token: aliceToken });
    expect(codes(literal)).toEqual(['BAD_USER_INPUT']);
    expect(literal.errors![0]!.locations).toBeDefined();
  });

  it('requires authentication', async () => {
    const r = await gql(CREATE_ACCOUNT, { variables: { input: { userId: alice.id, accountType: 'SAVINGS' } } });
    expect(r.data).toBeNull();
    expect(r.errors).toEqual([
      {
        message: 'Authentication required',
        locations: [{ line: 1, column: 42 }],
        path: ['createAccount'],
        extensions: { code: 'UNAUTHORIZED', timestamp: expect.stringMatching(/Z$/) },
      },
    ]);
  });
});

const TRANSFER = `mutation ($input: TransferFundsInput!) { transferFunds(input: $input) {
  transfer { id amount currency status createdAt fromAccount { id balance } toAccount { id } transaction { id type description } }
  userErrors { message field code } } }`;

describe('transferFunds', () => {
  it('moves money and returns the COMPLETED transfer with its TRANSFER transaction', async () => {
    const r = await gql(TRANSFER, { token: aliceToken, variables: { input: { fromAccountId: aliceAccount.id, toAccountId: bobAccount.id, amount: '10.25', description: 'rent' } } });
    expect(r.errors).toBeUndefined();
    expect(r.data!.transferFunds).toEqual({
      transfer: {
        id: expect.stringMatching(/^trf_/),
        amount: '10.25',
        currency: 'USD',
        status: 'COMPLETED',
        createdAt: expect.stringMatching(/\.\d{3}Z$/),
        fromAccount: { id: aliceAccount.id, balance: '39.75' },
        toAccount: { id: bobAccount.id },
        transaction: { id: expect.stringMatching(/^txn_/), type: 'TRANSFER', description: 'rent' },
      },
      userErrors: [],
    });
    expect(await balanceOf(bobAccount.id)).toBe('15.2500');
  });

  it('collects every failure, executes nothing and leaves the payload’s transfer null', async () => {
    const before = await balanceOf(aliceAccount.id);
    const r = await gql(TRANSFER, {
      token: aliceToken,
      variables: { input: { fromAccountId: aliceAccount.id, toAccountId: UNKNOWN_ACCOUNT, amount: '-1', description: 'x'.repeat(501) } },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.transferFunds.transfer).toBeNull();
    expect(r.data!.transferFunds.userErrors).toEqual([
      { message: `Account ${UNKNOWN_ACCOUNT} not found`, field: ['toAccountId'], code: 'NOT_FOUND' },
      { message: 'must be greater than 0', field: ['amount'], code: 'INVALID_INPUT' },
      { message: 'must be at most 500 characters', field: ['description'], code: 'INVALID_INPUT' },
    ]);
    expect(await balanceOf(aliceAccount.id)).toBe(before);
  });

  it('answers INSUFFICIENT_FUNDS on amount, AUTHORIZATION_FAILED / NOT_FOUND on fromAccountId', async () => {
    const short = await gql(TRANSFER, { token: aliceToken, variables: { input: { fromAccountId: aliceAccount.id, toAccountId: bobAccount.id, amount: 1000 } } });
    expect(short.data!.transferFunds.userErrors).toEqual([{ message: expect.stringContaining('insufficient funds'), field: ['amount'], code: 'INSUFFICIENT_FUNDS' }]);
    const foreign = await gql(TRANSFER, { token: aliceToken, variables: { input: { fromAccountId: bobAccount.id, toAccountId: aliceAccount.id, amount: 1 } } });
    expect(foreign.data!.transferFunds.userErrors).toEqual([{ message: 'Access denied', field: ['fromAccountId'], code: 'AUTHORIZATION_FAILED' }]);
    const unknown = await gql(TRANSFER, { token: aliceToken, variables: { input: { fromAccountId: 'nope', toAccountId: aliceAccount.id, amount: 1 } } });
    expect(unknown.data!.transferFunds.userErrors).toEqual([{ message: 'Account nope not found', field: ['fromAccountId'], code: 'NOT_FOUND' }]);
    const same = await gql(TRANSFER, { token: aliceToken, variables: { input: { fromAccountId: aliceAccount.id, toAccountId: aliceAccount.id, amount: '1.001' } } });
    expect(same.data!.transferFunds.userErrors.map((e: { field: string[]; code: string }) => [e.field[0], e.code])).toEqual([
      ['toAccountId', 'INVALID_INPUT'],
      ['amount', 'INVALID_INPUT'],
    ]);
  });
});

describe('closeAccount', () => {
  const CLOSE = `mutation ($id: ID!) { closeAccount(id: $id) { account { id status balance } userErrors { message field code } } }`;

  it('closes an empty account and refuses a non-empty, foreign, unknown or closed one on ["id"]', async () => {
    const dora = await t.createUser();
    const empty = await t.openAccount(dora);
    const full = await t.openAccount(dora, { type: 'SAVINGS', deposit: '1' });
    const token = await t.token(dora.id);
    expect((await gql(CLOSE, { token, variables: { id: empty.id } })).data!.closeAccount).toEqual({
      account: { id: empty.id, status: 'CLOSED', balance: '0.00' },
      userErrors: [],
    });
    const cases: Array<[string, string, string]> = [
      [full.id, token, 'INVALID_INPUT'],
      [empty.id, token, 'INVALID_INPUT'],
      [full.id, aliceToken, 'AUTHORIZATION_FAILED'],
      [UNKNOWN_ACCOUNT, token, 'NOT_FOUND'],
    ];
    for (const [id, caller, code] of cases) {
      const r = await gql(CLOSE, { token: caller, variables: { id } });
      expect(r.data!.closeAccount.account).toBeNull();
      expect(r.data!.closeAccount.userErrors).toEqual([{ message: expect.any(String), field: ['id'], code }]);
    }
  });
});

describe('createTransaction', () => {
  const CREATE = `mutation ($input: CreateTransactionInput!) { createTransaction(input: $input) {
    transaction { id type amount status fromAccount { id } toAccount { id } description } userErrors { message field code } } }`;

  it('books deposits and withdrawals COMPLETED at once', async () => {
    const deposit = await gql(CREATE, { token: aliceToken, variables: { input: { accountId: aliceAccount.id, amount: 5, type: 'DEPOSIT', description: 'cash' } } });
    expect(deposit.data!.createTransaction).toEqual({
      transaction: { id: expect.stringMatching(/^txn_/), type: 'DEPOSIT', amount: '5.00', status: 'COMPLETED', fromAccount: null, toAccount: { id: aliceAccount.id }, description: 'cash' },
      userErrors: [],
    });
    const withdrawal = await gql(CREATE, { token: aliceToken, variables: { input: { accountId: aliceAccount.id, amount: '0.75', type: 'WITHDRAWAL' } } });
    expect(withdrawal.data!.createTransaction.transaction).toMatchObject({ type: 'WITHDRAWAL', amount: '0.75', fromAccount: { id: aliceAccount.id }, toAccount: null, description: null });
  });

  it('collects amount, funds and description failures together', async () => {
    const before = await balanceOf(aliceAccount.id);
    const r = await gql(CREATE, { token: aliceToken, variables: { input: { accountId: aliceAccount.id, amount: '100000', type: 'WITHDRAWAL', description: 'y'.repeat(501) } } });
    expect(r.data!.createTransaction).toEqual({
      transaction: null,
      userErrors: [
        { message: expect.stringContaining('insufficient funds'), field: ['amount'], code: 'INSUFFICIENT_FUNDS' },
        { message: 'must be at most 500 characters', field: ['description'], code: 'INVALID_INPUT' },
      ],
    });
    const foreign = await gql(CREATE, { token: aliceToken, variables: { input: { accountId: bobAccount.id, amount: '0', type: 'DEPOSIT' } } });
    expect(foreign.data!.createTransaction.userErrors.map((e: { field: string[]; code: string }) => [e.field[0], e.code])).toEqual([
      ['accountId', 'AUTHORIZATION_FAILED'],
      ['amount', 'INVALID_INPUT'],
    ]);
    expect(await balanceOf(aliceAccount.id)).toBe(before);
  });
});

describe('unexpected failures', () => {
  it('answer a generic INTERNAL_SERVER_ERROR with the request id, and log the original', async () => {
    const spy = vi.spyOn(t.service.logger, 'error');
    const original = t.service.core.accounts.close;
    t.service.core.accounts.close = async () => {
      throw new Error('connection reset by peer at 10.0.0.7');
    };
    try {
      const r = await gql(`mutation { closeAccount(id: "${aliceAccount.id}") { userErrors { code } } }`, { token: aliceToken, headers: { 'x-request-id': 'req-boom-1' } });
      expect(r.data).toBeNull();
      expect(r.errors).toEqual([
        {
          message: 'An unexpected error occurred; quote request id req-boom-1 when reporting it',
          locations: [{ line: 1, column: 12 }],
          path: ['closeAccount'],
          extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'req-boom-1' },
        },
      ]);
      expect(JSON.stringify(r)).not.toContain('10.0.0.7');
      expect(spy).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-boom-1', err: expect.objectContaining({ message: 'connection reset by peer at 10.0.0.7' }) }), 'GraphQL operation failed');
    } finally {
      t.service.core.accounts.close = original;
      spy.mockRestore();
    }
  });
});
