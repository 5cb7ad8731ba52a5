import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../core/accounts/account.js';
import type { User } from '../../core/users/user.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let admin: User;
let alice: User;
let bob: User;
let aliceUsd: Account;
let bobUsd: Account;

beforeAll(async () => {
  t = await startTestService({ IDEMPOTENCY_TTL: '2s' });
  admin = await t.createUser({ role: 'ADMIN' });
  alice = await t.createUser();
  bob = await t.createUser();
  aliceUsd = await t.openAccount(alice, { deposit: '1000' });
  bobUsd = await t.openAccount(bob, { deposit: '50' });
});
afterAll(() => t.close());

const pay = (user: User, key: string | undefined, body: Record<string, unknown>) =>
  t.as(user).POST('/api/v1/payments', { params: { header: key === undefined ? undefined : { 'Idempotency-Key': key } } as never, body: body as never });

const balanceOf = async (id: string) => Number((await t.service.core.accounts.get({ userId: 'x', role: 'ADMIN' }, id)).balance);
const getPayment = (user: User, id: string) => t.as(user).GET('/api/v1/payments/{paymentId}', { params: { path: { paymentId: id } } });

describe('POST /api/v1/payments', () => {
  it('creates a PROCESSING payment with 201 and Location, holds the amount at once, and settles it in the background', async () => {
    const before = { from: await balanceOf(aliceUsd.id), to: await balanceOf(bobUsd.id) };
    const { data, response } = await pay(alice, randomUUID(), { from: aliceUsd.id, to: bobUsd.id, amount: 12.34, currency: 'USD' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/v1/payments/${data!.paymentId}`);
    expect(data).toMatchObject({ status: 'PROCESSING', amount: 12.34, from: aliceUsd.id, to: bobUsd.id });
    expect(await balanceOf(aliceUsd.id)).toBeCloseTo(before.from - 12.34, 10);
    const settled = await t.eventually(() => getPayment(alice, data!.paymentId), (r) => r.data?.status === 'COMPLETED');
    expect(settled.data!.completedAt).toBeDefined();
    expect(await balanceOf(bobUsd.id)).toBeCloseTo(before.to + 12.34, 10);
    const ledger = await t.as(bob).GET('/api/v1/accounts/{accountId}/transactions', { params: { path: { accountId: bobUsd.id }, query: { limit: 1 } } });
    expect(ledger.data!.data[0]).toMatchObject({ type: 'PAYMENT', amount: 12.34, fromAccountId: aliceUsd.id, toAccountId: bobUsd.id, status: 'COMPLETED' });
  });

  it('answers 400 when the Idempotency-Key header is missing', async () => {
    const { response, error } = await pay(alice, undefined, { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD' });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
  });

  it('replays the same key and body with 200 and the existing payment, whatever the key order or number format', async () => {
    const key = randomUUID();
    const first = await pay(alice, key, { from: aliceUsd.id, to: bobUsd.id, amount: 5, currency: 'USD' });
    const res = await t.request('/api/v1/payments', {
      method: 'POST',
      token: await t.token(alice.id),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: '{"currency":"USD","amount":5.0,"to":"' + bobUsd.id + '","from":"' + aliceUsd.id + '"}',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).paymentId).toBe(first.data!.paymentId);
    const balance = await balanceOf(aliceUsd.id);
    await pay(alice, key, { from: aliceUsd.id, to: bobUsd.id, amount: 5, currency: 'USD' });
    expect(await balanceOf(aliceUsd.id)).toBe(balance); // no second hold
  });

  it('answers 409 with a title and an explanation for the same key with another body', async () => {
    const key = randomUUID();
    await pay(alice, key, { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD' });
    const { response, error } = await pay(alice, key, { from: aliceUsd.id, to: bobUsd.id, amount: 2, currency: 'USD' });
    expect(response.status).toBe(409);
    expect(error!.error).toBe('Idempotency key reused');
    expect(error!.message).toMatch(/already used with a different request body/);
  });

  it('scopes keys to the caller: another user’s identical key neither replays nor blocks', async () => {
    const key = randomUUID();
    const a = await pay(alice, key, { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD' });
    const b = await pay(bob, key, { from: bobUsd.id, to: aliceUsd.id, amount: 1, currency: 'USD' });
    expect([a.response.status, b.response.status]).toEqual([201, 201]);
    expect(b.data!.paymentId).not.toBe(a.data!.paymentId);
  });

  it('does not use up the key of a refused request', async () => {
    const carol = await t.createUser();
    const poor = await t.openAccount(carol, { deposit: '1' });
    const key = randomUUID();
    const refused = await pay(carol, key, { from: poor.id, to: bobUsd.id, amount: 10, currency: 'USD' });
    expect(refused.response.status).toBe(422);
    await t.service.core.accounts.createTransaction({ userId: carol.id, role: 'USER' }, { accountId: poor.id, amount: 20, type: 'DEPOSIT' });
    expect((await pay(carol, key, { from: poor.id, to: bobUsd.id, amount: 10, currency: 'USD' })).response.status).toBe(201);
  });

  it('lets a key be used again once it expired (IDEMPOTENCY_TTL)', async () => {
    const key = randomUUID();
    await pay(alice, key, { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD' });
    await new Promise((r) => setTimeout(r, 2100));
    const again = await pay(alice, key, { from: aliceUsd.id, to: bobUsd.id, amount: 3, currency: 'USD' });
    expect(again.response.status).toBe(201);
  });

  it.each([
    [{ amount: 0 }, 400, 'amount'],
    [{ amount: -5 }, 400, 'amount'],
    [{ amount: 1.005 }, 400, 'amount'],
    [{ currency: 'usd' }, 400, 'currency'],
    [{ amount: 1e9 }, 422, 'amount'],
    [{ currency: 'EUR' }, 422, 'currency'],
    [{ to: 'acc_01m7z9zyfvfev8g04hr93v6800' }, 404, 'to'],
    [{ to: 'garbage' }, 404, 'to'],
  ])('refuses %o with %i naming %s', async (change, status, field) => {
    const { response, error } = await pay(alice, randomUUID(), { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD', ...change });
    expect(response.status).toBe(status);
    expect(JSON.stringify(error!.details ?? [])).toContain(`"field":"${field}"`);
  });

  it("refuses to pay from another user's account with 403, and administrators may", async () => {
    expect((await pay(bob, randomUUID(), { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD' })).response.status).toBe(403);
    expect((await pay(admin, randomUUID(), { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD' })).response.status).toBe(201);
  });

  it('fails the payment and returns the hold when the destination is closed before settlement', async () => {
    const dave = await t.createUser();
    const target = await t.openAccount(dave, { type: 'SAVINGS' });
    const slow = await startTestService({ PAYMENT_SETTLE_MS: '400' });
    try {
      const [p, q] = [await slow.createUser(), await slow.createUser()];
      const [src, dst] = [await slow.openAccount(p, { deposit: '100' }), await slow.openAccount(q)];
      const { data } = await slow.as(p).POST('/api/v1/payments', {
        params: { header: { 'Idempotency-Key': randomUUID() } },
        body: { from: src.id, to: dst.id, amount: 40, currency: 'USD' },
      });
      await slow.service.core.accounts.close({ userId: q.id, role: 'USER' }, dst.id);
      const failed = await slow.eventually(
        () => slow.as(p).GET('/api/v1/payments/{paymentId}', { params: { path: { paymentId: data!.paymentId } } }),
        (r) => r.data?.status === 'FAILED',
      );
      expect(failed.data!.failureReason).toMatch(/CLOSED/);
      expect(Number((await slow.service.core.accounts.get({ userId: p.id, role: 'USER' }, src.id)).balance)).toBe(100);
    } finally {
      await slow.close();
    }
    expect(target.status).toBe('ACTIVE');
  });
});

describe('settlement wake-up', () => {
  it('settles at once when the worker is idle: the commit NOTIFYs it, it does not wait for its 60 s poll', async () => {
    const idle = await startTestService({ WORKER_POLL_MS: '60000', PAYMENT_SETTLE_MS: '0' });
    try {
      const [p, q] = [await idle.createUser(), await idle.createUser()];
      const [src, dst] = [await idle.openAccount(p, { deposit: '10' }), await idle.openAccount(q)];
      await new Promise((r) => setTimeout(r, 300)); // the worker has polled once and is asleep
      const { data } = await idle.as(p).POST('/api/v1/payments', {
        params: { header: { 'Idempotency-Key': randomUUID() } },
        body: { from: src.id, to: dst.id, amount: 1, currency: 'USD' },
      });
      const settled = await idle.eventually(
        () => idle.as(p).GET('/api/v1/payments/{paymentId}', { params: { path: { paymentId: data!.paymentId } } }),
        (r) => r.data?.status === 'COMPLETED',
      );
      expect(settled.data!.status).toBe('COMPLETED');
    } finally {
      await idle.close();
    }
  });
});

describe('GET /api/v1/payments/{paymentId}', () => {
  it("shows the creator and administrators the payment, refuses others with 403 and unknown ids with 404", async () => {
    const { data } = await pay(alice, randomUUID(), { from: aliceUsd.id, to: bobUsd.id, amount: 1, currency: 'USD' });
    expect((await getPayment(alice, data!.paymentId)).response.status).toBe(200);
    expect((await getPayment(admin, data!.paymentId)).response.status).toBe(200);
    expect((await getPayment(bob, data!.paymentId)).response.status).toBe(403);
    expect((await getPayment(alice, 'pay_01m7z9zyfvfev8g04hr93v6800')).response.status).toBe(404);
  });
});
