import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../app/auth/sign-token.js';
import { loadConfig } from '../../app/config.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../support/database.js';

const JWT_SECRET = 'multi-instance-secret-multi-instance-secret-01';
const jwt = loadConfig({ JWT_SECRET }).jwt;

interface Instance {
  url: string;
  process: ChildProcess;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = 4000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', PAYMENT_SETTLE_MS: '100' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}`);
    if (await fetch(`${url}/ready`).then((r) => r.ok, () => false)) return { url, process: child };
    if (Date.now() > deadline) throw new Error('instance did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Two service processes on one PostgreSQL database: events cross between them through LISTEN/NOTIFY. */
describe.skipIf(!onPostgres)('subscriptions across instances', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  const clients: Client[] = [];

  const call = async (instance: Instance, token: string, path: string, init: RequestInit = {}) => {
    const res = await fetch(instance.url + path, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const subscribe = (token: string, query: string, variables: Record<string, unknown>) => {
    const client = createClient({ url: a.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { Authorization: `Bearer ${token}` } });
    clients.push(client);
    return client.iterate({ query, variables });
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startInstance(database.databaseUrl!);
    b = await startInstance(database.databaseUrl!);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    for (const instance of [a, b]) {
      if (!instance) continue;
      instance.process.kill('SIGTERM');
      await once(instance.process, 'exit');
    }
    await database.drop();
  });

  it('delivers to a subscriber on one instance what mutations and payments on the other commit', async () => {
    const admin = await signToken(jwt, { sub: 'usr_01m7z9zyfvfev8g04hr93v6800', role: 'ADMIN' });
    const alice = (await call(b, admin, '/api/v1/users', { method: 'POST', body: JSON.stringify({ firstName: 'Alice', lastName: 'A', email: 'alice@multi.test' }) })).body;
    const bob = (await call(b, admin, '/api/v1/users', { method: 'POST', body: JSON.stringify({ firstName: 'Bob', lastName: 'B', email: 'bob@multi.test' }) })).body;
    const [aliceToken, bobToken] = await Promise.all([signToken(jwt, { sub: String(alice.userId) }), signToken(jwt, { sub: String(bob.userId) })]);
    const from = (await call(b, aliceToken, '/api/v1/accounts', { method: 'POST', body: JSON.stringify({ accountType: 'CHECKING', initialDeposit: 100 }) })).body;
    const to = (await call(b, bobToken, '/api/v1/accounts', { method: 'POST', body: JSON.stringify({ accountType: 'CHECKING' }) })).body;

    const events = subscribe(aliceToken, 'subscription($id: ID!) { transactionCreated(accountId: $id) { type amount } }', { id: from.accountId });
    const balances = subscribe(aliceToken, 'subscription($id: ID!) { balanceUpdated(accountId: $id) { newBalance } }', { id: from.accountId });
    const firstEvent = events.next();
    const firstBalance = balances.next();
    await new Promise((r) => setTimeout(r, 1000)); // let instance A register both subscriptions (no way to observe it from here)

    const mutation = await call(b, aliceToken, '/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: 'mutation($input: CreateTransactionInput!) { createTransaction(input: $input) { transaction { id } userErrors { code } } }',
        variables: { input: { accountId: from.accountId, amount: '10.00', type: 'DEPOSIT' } },
      }),
    });
    expect(mutation.body).toMatchObject({ data: { createTransaction: { userErrors: [] } } });
    expect((await firstEvent).value).toEqual({ data: { transactionCreated: { type: 'DEPOSIT', amount: '10.00' } } });
    expect((await firstBalance).value).toEqual({ data: { balanceUpdated: { newBalance: '110.00' } } });

    const payment = await call(b, aliceToken, '/api/v1/payments', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ from: from.accountId, to: to.accountId, amount: 30, currency: 'USD' }),
    });
    expect(payment.status).toBe(201);
    expect((await balances.next()).value).toEqual({ data: { balanceUpdated: { newBalance: '80.00' } } }); // the hold
    expect((await events.next()).value).toEqual({ data: { transactionCreated: { type: 'PAYMENT', amount: '30.00' } } }); // settlement

    const foreign = subscribe(bobToken, 'subscription($id: ID!) { balanceUpdated(accountId: $id) { newBalance } }', { id: from.accountId });
    expect((await foreign.next()).value).toMatchObject({ errors: [{ message: 'Access denied', extensions: { code: 'FORBIDDEN' } }] });
  }, 60_000);
});
