import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../core/accounts/account.js';
import type { User } from '../../core/users/user.js';
import { onPostgres } from '../support/database.js';
import { startTestService, type TestService } from '../support/test-service.js';

const REFUSALS = ['RuleViolationError', 'InsufficientFundsError'];

/** Concurrency is only real on PostgreSQL (PGlite runs one transaction at a time). */
describe.skipIf(!onPostgres)('money under concurrency on PostgreSQL', () => {
  let t: TestService;
  let sql: postgres.Sql;

  beforeAll(async () => {
    t = await startTestService({ PAYMENT_SETTLE_MS: '20' });
    sql = postgres(t.service.config.databaseUrl!, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  it('creates exactly one payment for 50 concurrent identical requests: one 201, 49 × 200', async () => {
    const [payer, payee] = [await t.createUser(), await t.createUser()];
    const [from, to] = [await t.openAccount(payer, { deposit: '100' }), await t.openAccount(payee)];
    const key = randomUUID();
    const client = t.as(payer);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.POST('/api/v1/payments', { params: { header: { 'Idempotency-Key': key } }, body: { from: from.id, to: to.id, amount: 7, currency: 'USD' } }),
      ),
    );
    const statuses = responses.map((r) => r.response.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(responses.map((r) => r.data!.paymentId)).size).toBe(1);
    const [row] = await sql`select count(*)::int as n from payments where from_account_id = ${from.id}`;
    expect(row!.n).toBe(1);
    const [account] = await sql`select balance::text as balance from accounts where id = ${from.id}`;
    expect(account!.balance).toBe('93.0000');
  });

  it('conserves money and never overdraws through 200 concurrent random transfers and payments between 10 accounts', async () => {
    const owners: User[] = [];
    const accounts: Account[] = [];
    for (let i = 0; i < 10; i++) {
      const u = await t.createUser();
      owners.push(u);
      accounts.push(await t.openAccount(u, { deposit: String(100 + i * 10) }));
    }
    const ids = accounts.map((a) => a.id);
    const sumOf = async () => (await sql`select sum(balance)::text as s from accounts where id in ${sql(ids)}`)[0]!.s as string;
    const initial = await sumOf();
    let seed = 42; // mulberry32: deterministic and well spread (an LCG's low bits cycle too fast)
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return (((x ^ (x >>> 14)) >>> 0) / 4294967296) * n | 0;
    };

    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const a = rand(10);
        const b = (a + 1 + rand(9)) % 10;
        const amount = (1 + rand(1500)) / 100; // 0.01 .. 15.00: most succeed, some are refused for funds
        const owner = owners[a]!;
        if (i % 2 === 0) {
          return t.service.core.accounts
            .transfer({ userId: owner.id, role: 'USER' }, { fromAccountId: ids[a]!, toAccountId: ids[b]!, amount })
            // Expected refusals by name; anything else keeps its message for the assertion below.
            .then(() => 'ok', (err: Error) => (REFUSALS.includes(err.name) ? err.name : `${err.name}: ${err.message}`));
        }
        return t
          .as(owner)
          .POST('/api/v1/payments', { params: { header: { 'Idempotency-Key': randomUUID() } }, body: { from: ids[a]!, to: ids[b]!, amount, currency: 'USD' } })
          .then((r) => String(r.response.status));
      }),
    );
    // Some succeed, some are refused for funds; nothing else (no deadlock, no 500).
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThan(50);
    expect(results.filter((r) => r === '201').length).toBeGreaterThan(50);
    expect(results.filter((r) => !['ok', '201', '422', ...REFUSALS].includes(r))).toEqual([]);

    await t.eventually(
      async () => (await sql`select count(*)::int as n from payments where status = 'PROCESSING'`)[0]!.n as number,
      (n) => n === 0,
    );
    expect(await sumOf()).toBe(initial);
    const rows = await sql`
      select a.id, a.balance::text as balance,
        (coalesce((select sum(amount) from transactions where to_account_id = a.id and status = 'COMPLETED'), 0)
         - coalesce((select sum(amount) from transactions where from_account_id = a.id and status = 'COMPLETED'), 0))::text as ledger
      from accounts a where a.id in ${sql(ids)}`;
    for (const r of rows) {
      expect(Number(r.balance)).toBeGreaterThanOrEqual(0);
      expect(r.balance).toBe(r.ledger);
    }
  });
});
