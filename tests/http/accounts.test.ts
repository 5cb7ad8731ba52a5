import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../core/users/user.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let admin: User;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await startTestService();
  admin = await t.createUser({ role: 'ADMIN' });
  alice = await t.createUser();
  bob = await t.createUser();
});
afterAll(() => t.close());

describe('POST /api/v1/accounts', () => {
  it('opens an account in USD by default with 201 and Location', async () => {
    const { data, response } = await t.as(alice).POST('/api/v1/accounts', { body: { accountType: 'CHECKING' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/v1/accounts/${data!.accountId}`);
    expect(data).toMatchObject({ accountType: 'CHECKING', currency: 'USD', balance: 0, status: 'ACTIVE', userId: alice.id });
    expect(data!.accountNumber).toMatch(/^CN\d{10}$/);
  });

  it('records an initial deposit as a DEPOSIT transaction', async () => {
    const { data } = await t.as(alice).POST('/api/v1/accounts', { body: { accountType: 'SAVINGS', currency: 'JPY', initialDeposit: 5000 } });
    expect(data!.balance).toBe(5000);
    const tx = await t.as(alice).GET('/api/v1/accounts/{accountId}/transactions', { params: { path: { accountId: data!.accountId } } });
    expect(tx.data!.data).toEqual([expect.objectContaining({ type: 'DEPOSIT', amount: 5000, currency: 'JPY', toAccountId: data!.accountId, status: 'COMPLETED' })]);
  });

  it('refuses a second ACTIVE account of the same type with 409', async () => {
    const { response, error } = await t.as(alice).POST('/api/v1/accounts', { body: { accountType: 'CHECKING' } });
    expect(response.status).toBe(409);
    expect(error!.details).toEqual([{ field: 'accountType', message: expect.stringContaining('already has an ACTIVE CHECKING') }]);
  });

  it.each([
    [{ accountType: 'CHECKING', currency: 'ABC' }, 'currency'],
    [{ accountType: 'CHECKING', currency: 'JPY', initialDeposit: 10.5 }, 'initialDeposit'],
    [{ accountType: 'CHECKING', currency: 'USD', initialDeposit: 1.001 }, 'initialDeposit'],
    [{ accountType: 'CHECKING', initialDeposit: 0 }, 'initialDeposit'],
  ])('refuses %o with 400 naming %s', async (body, field) => {
    const { response, error } = await t.as(bob).POST('/api/v1/accounts', { body: body as never });
    expect(response.status).toBe(400);
    expect((error!.details as Array<{ field: string }>).map((d) => d.field)).toContain(field);
  });

  it('lets only administrators open accounts for others; an unknown user is 404', async () => {
    expect((await t.as(alice).POST('/api/v1/accounts', { body: { accountType: 'SAVINGS', userId: bob.id } })).response.status).toBe(403);
    expect((await t.as(admin).POST('/api/v1/accounts', { body: { accountType: 'SAVINGS', userId: bob.id } })).response.status).toBe(201);
    const missing = await t.as(admin).POST('/api/v1/accounts', { body: { accountType: 'SAVINGS', userId: 'usr_01m7z9zyfvfev8g04hr93v6800' } });
    expect(missing.response.status).toBe(404);
  });
});

describe('reading accounts', () => {
  it("gives the owner and administrators the account, and refuses another user's with 403", async () => {
    const account = await t.openAccount(bob, { type: 'CHECKING', deposit: '10.25' });
    const own = await t.as(bob).GET('/api/v1/accounts/{accountId}', { params: { path: { accountId: account.id } } });
    expect(own.data).toMatchObject({ accountId: account.id, balance: 10.25 });
    expect((await t.as(admin).GET('/api/v1/accounts/{accountId}', { params: { path: { accountId: account.id } } })).response.status).toBe(200);
    const foreign = await t.as(alice).GET('/api/v1/accounts/{accountId}', { params: { path: { accountId: account.id } } });
    expect(foreign.response.status).toBe(403);
    expect(foreign.error!.message).toBe('Access denied');
    const txs = await t.as(alice).GET('/api/v1/accounts/{accountId}/transactions', { params: { path: { accountId: account.id } } });
    expect(txs.response.status).toBe(403);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['acc_01m7z9zyfvfev8g04hr93v6800', 'nope']) {
      expect((await t.as(admin).GET('/api/v1/accounts/{accountId}', { params: { path: { accountId: id } } })).response.status).toBe(404);
    }
  });

  it('lists only the caller’s accounts; administrators list all and filter by user', async () => {
    const mine = await t.as(alice).GET('/api/v1/accounts', {});
    const content = (mine.data as { content: { userId: string }[] }).content;
    expect(content.length).toBe(2);
    expect(content.every((a) => a.userId === alice.id)).toBe(true);
    expect((await t.as(alice).GET('/api/v1/accounts', { params: { query: { userId: bob.id } } })).response.status).toBe(403);
    const bobs = await t.as(admin).GET('/api/v1/accounts', { params: { query: { userId: bob.id, sort: ['balance,desc'] } } });
    const balances = (bobs.data as { content: { balance: number; userId: string }[] }).content;
    expect(balances.every((a) => a.userId === bob.id)).toBe(true);
    expect(balances.map((a) => a.balance)).toEqual([...balances.map((a) => a.balance)].sort((x, y) => y - x));
  });

  it('pages the ledger newest first with a cursor', async () => {
    const carol = await t.createUser();
    const account = await t.openAccount(carol, { deposit: '100' });
    for (let i = 1; i <= 4; i++) await t.service.core.accounts.createTransaction({ userId: carol.id, role: 'USER' }, { accountId: account.id, amount: i, type: 'WITHDRAWAL' });
    const first = await t.as(carol).GET('/api/v1/accounts/{accountId}/transactions', { params: { path: { accountId: account.id }, query: { limit: 3 } } });
    expect(first.data!.data.map((x) => x.amount)).toEqual([4, 3, 2]);
    expect(first.data!.pagination.hasMore).toBe(true);
    const second = await t.as(carol).GET('/api/v1/accounts/{accountId}/transactions', {
      params: { path: { accountId: account.id }, query: { limit: 3, cursor: first.data!.pagination.nextCursor! } },
    });
    expect(second.data!.data.map((x) => [x.type, x.amount])).toEqual([['WITHDRAWAL', 1], ['DEPOSIT', 100]]);
    expect(second.data!.pagination).toEqual({ nextCursor: null, hasMore: false, limit: 3 });
  });
});
