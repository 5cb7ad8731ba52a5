/**
 * `npm run bench`: measures the service against a floor server on PostgreSQL and prints req/s,
 * p50/p99 and the ratio service/floor per scenario. Not a test: nothing is asserted.
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); it creates and
 * drops its own database `concord_bench`.
 *
 * BENCH_ONLY=replay,GET runs only the scenarios whose names contain one of those words;
 * BENCH_CPU_PROF=<dir> writes V8 CPU profiles of the service and the floor into <dir>/service and <dir>/floor.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { execute, parse } from 'graphql/index.js';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { signToken } from '../app/auth/sign-token.js';
import { loadConfig } from '../app/config.js';
import { createExecutableSchema } from '../app/graphql/schema.js';
import { createCore } from '../core/index.js';
import { accounts } from '../db/schema/accounts.js';
import { createGraphQLContext } from '../handlers/graphql/context.js';
import { openRecorded, recreateDatabase, seedUsers } from './lib/database.js';
import { measureFanout } from './lib/fanout.js';
import { measure, type LoadOptions, type Measurement } from './lib/measure.js';
import { startServer } from './lib/processes.js';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0001';
/** Settlement delay for the whole run: longer than the run, so both sides measure the request path only. */
const SETTLE_MS = 3_600_000;
const ONLY = process.env.BENCH_ONLY?.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
const CPU_PROF = process.env.BENCH_CPU_PROF;

/** Whether the scenario named `name` is selected by BENCH_ONLY (all are by default). */
const wanted = (name: string) => !ONLY?.length || ONLY.some((word) => name.toLowerCase().includes(word));

/** One measured scenario: the same work asked of the service and of the floor. */
interface Scenario {
  name: string;
  service: Omit<LoadOptions, 'url'>;
  floor: Omit<LoadOptions, 'url'>;
  note?: string;
}

const BENCH_ACCOUNTS = 200;
const BENCH_TRANSACTIONS = 20_000;
/** Accounts (and their owners) the GraphQL scenario picks from; the floor replays each one's statements. */
const GRAPHQL_SAMPLE = 10;

/** One account with its newest transactions, their accounts and every owner: five levels, two lists. */
const ACCOUNT_QUERY = `query Account($id: ID!) {
  account(id: $id) {
    id accountNumber balance owner { id name }
    transactions(limit: 10) { id amount timestamp fromAccount { id owner { id name } } toAccount { id owner { id name } } }
  }
}`;

/** One CHECKING account for each of the first users after the admin, and transfers between them. */
type Statement = { query: string; params: unknown[] };

async function seedLedger(url: string): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`
    insert into accounts (id, account_number, user_id, account_type, currency, balance, status, created_at, updated_at)
    select 'acc_' || lpad(g::text, 26, '0'), 'CN' || lpad(g::text, 10, '0'), 'usr_' || lpad((g + 1)::text, 26, '0'),
           'CHECKING', 'USD', 1000, 'ACTIVE', now() - g * interval '1 minute', now()
    from generate_series(1, ${BENCH_ACCOUNTS}) g`;
  await sql`
    insert into transactions (id, type, amount, currency, from_account_id, to_account_id, status, description, created_at)
    select 'txn_' || lpad(g::text, 26, '0'), 'TRANSFER', (g % 50) + 1, 'USD',
           'acc_' || lpad(((g % ${BENCH_ACCOUNTS}) + 1)::text, 26, '0'),
           'acc_' || lpad((((g % ${BENCH_ACCOUNTS}) + (g % 37) + 1) % ${BENCH_ACCOUNTS} + 1)::text, 26, '0'),
           'COMPLETED', 'bench ' || g, now() - g * interval '1 second'
    from generate_series(1, ${BENCH_TRANSACTIONS}) g`;
  await sql`analyze accounts`;
  await sql`analyze transactions`;
  await sql.end();
  return Array.from({ length: BENCH_ACCOUNTS }, (_, i) => `acc_${String(i + 1).padStart(26, '0')}`);
}

function row(name: string, service: Measurement, floor: Measurement): string {
  const cpu = (m: Measurement) => (m.cpuMicrosPerRequest === undefined ? '' : `  cpu ${m.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs/req`);
  const f = (m: Measurement) => `${m.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(3)} ms${cpu(m)}`;
  const bad = service.non2xx + service.errors + floor.non2xx + floor.errors;
  return `${name.padEnd(34)} service ${f(service)} | floor ${f(floor)} | ratio ${(service.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}${bad ? `  (non-2xx/errors: ${bad})` : ''}`;
}

async function main(): Promise<void> {
  console.log(`Concord benchmark — ${new Date().toISOString()} — ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`);
  const url = await recreateDatabase(BASE_URL, 'concord_bench');
  const { handle, statements } = await openRecorded(url);
  console.log(`seeding ${USERS} users…`);
  const ids = await seedUsers(url, USERS);
  const admin = { userId: ids[0]!, role: 'ADMIN' as const };
  const accountIds = (await seedLedger(url)).slice(0, GRAPHQL_SAMPLE);

  // Capture the exact statements the service runs for each scenario; the floor replays them.
  // Settlement is pushed past the run (as for the service below), so that the jobs the floor's
  // replayed payments enqueue are not picked up by the service's worker while it is measured.
  const core = createCore(handle.db, { paymentSettleMs: SETTLE_MS });
  const capture = async (run: () => Promise<unknown>) => {
    statements.length = 0;
    await run();
    return [...statements];
  };
  const floorStatements = {
    getUser: (await capture(() => core.users.get(admin, ids[1]!)))[0],
    listPage: await capture(() => core.users.list(admin, { sort: ['lastName,asc'], size: 20 })),
    listCursor: (await capture(() => core.users.list(admin, { sort: ['lastName,asc'], limit: 20 })))[0],
    graphqlAccount: [] as Statement[][],
    paymentFresh: { statements: [] as Statement[], txStart: 0, key: '', paymentId: '' },
    paymentReplay: [] as Statement[],
  };
  // The GraphQL scenario: the statements one request runs (DataLoaders and all), per sample account.
  const schema = createExecutableSchema();
  const document = parse(ACCOUNT_QUERY);
  for (const id of accountIds) {
    const contextValue = createGraphQLContext({ core, auth: { status: 'authenticated', actor: admin }, requestId: 'bench' });
    const captured = await capture(async () => {
      const result = await execute({ schema, document, variableValues: { id }, contextValue });
      if (result.errors) throw new Error(`GraphQL scenario failed: ${result.errors[0]!.message}`);
    });
    floorStatements.graphqlAccount.push(captured);
  }
  const graphqlStatements = floorStatements.graphqlAccount.map((s) => s.length);
  // Payments from the first seeded account (owned by the second seeded user), funded for the run.
  const payer = { userId: ids[1]!, role: 'USER' as const };
  const paymentBody = { from: accountIds[0]!, to: accountIds[1]!, amount: 0.01, currency: 'USD' };
  await handle.db.update(accounts).set({ balance: '1000000000' }).where(eq(accounts.id, accountIds[0]!));
  let capturedPaymentId = '';
  const freshStatements = await capture(async () => {
    capturedPaymentId = (await core.payments.create(payer, 'bench-capture-key', paymentBody)).payment.id;
  });
  floorStatements.paymentFresh = {
    statements: freshStatements,
    txStart: freshStatements.findIndex((st) => /insert into "idempotency_keys"/i.test(st.query)),
    key: 'bench-capture-key',
    paymentId: capturedPaymentId,
  };
  floorStatements.paymentReplay = await capture(() => core.payments.create(payer, 'bench-capture-key', paymentBody));
  await handle.close();
  // Statement lists are too long for one environment variable: the floor reads them from a file.
  const statementsFile = join(os.tmpdir(), `concord-bench-floor-${process.pid}.json`);
  writeFileSync(statementsFile, JSON.stringify(floorStatements));

  // Settlement is pushed past the run: both sides measure the request path only.
  const env = { DATABASE_URL: url, JWT_SECRET, LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', RATE_LIMIT_USER_PER_MIN: '1000000', NODE_ENV: 'production', PAYMENT_SETTLE_MS: String(SETTLE_MS) };
  const profile = (name: string) => (CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, name)}`] : []);
  const service = await startServer('app/server.ts', 3101, env, profile('service'));
  const floor = await startServer('bench/floor/server.ts', 3102, { DATABASE_URL: url, FLOOR_STATEMENTS_FILE: statementsFile }, profile('floor'));
  const token = await signToken(loadConfig({ JWT_SECRET }).jwt, { sub: admin.userId, role: 'ADMIN', ttl: '1h' });
  const auth = { Authorization: `Bearer ${token}` };
  const randomId = () => ids[Math.floor(Math.random() * ids.length)]!;
  const randomSample = () => Math.floor(Math.random() * accountIds.length);

  try {
    const json = { 'Content-Type': 'application/json' };
    const payerAuth = { Authorization: `Bearer ${await signToken(loadConfig({ JWT_SECRET }).jwt, { sub: payer.userId, ttl: '1h' })}`, ...json };
    const paymentJson = JSON.stringify(paymentBody);
    const get = (path: () => string, headers?: Record<string, string>) => ({ headers, next: () => ({ path: path() }) });
    const post = (headers: Record<string, string>, next: LoadOptions['next']) => ({ method: 'POST' as const, headers, next });
    const scenarios: Scenario[] = [
      { name: 'GET /api/v1/users/{id}', service: get(() => `/api/v1/users/${randomId()}`, auth), floor: get(() => `/users/${randomId()}`) },
      { name: 'sorted first page (page envelope)', service: get(() => '/api/v1/users?sort=lastName,asc&size=20', auth), floor: get(() => '/users-page') },
      { name: 'sorted first page (cursor envelope)', service: get(() => '/api/v1/users?sort=lastName,asc&limit=20', auth), floor: get(() => '/users-cursor') },
      {
        // POST /graphql vs the floor replaying the same statements, one after another.
        name: 'GraphQL account+transactions+owners',
        service: post({ ...auth, ...json }, () => ({ path: '/graphql', body: JSON.stringify({ query: ACCOUNT_QUERY, variables: { id: accountIds[randomSample()] } }) })),
        floor: get(() => `/graphql-account/${randomSample()}`),
        note: `SQL statements per GraphQL request: ${Math.min(...graphqlStatements)}–${Math.max(...graphqlStatements)} (the floor runs the same ones, sequentially)`,
      },
      {
        name: 'POST /api/v1/payments (fresh keys)',
        service: post(payerAuth, () => ({ path: '/api/v1/payments', body: paymentJson, headers: { 'Idempotency-Key': randomUUID() } })),
        floor: post({}, () => ({ path: '/payments' })),
        note: `SQL statements per new payment: ${floorStatements.paymentFresh.statements.length} (${floorStatements.paymentFresh.statements.length - floorStatements.paymentFresh.txStart} in its transaction)`,
      },
      {
        name: 'POST /api/v1/payments (replayed key)',
        service: post(payerAuth, () => ({ path: '/api/v1/payments', body: paymentJson, headers: { 'Idempotency-Key': 'bench-capture-key' } })),
        floor: post({}, () => ({ path: '/payments-replay' })),
      },
    ];
    console.log(`\n${DURATION}s per run, 16 connections, after a 2s warm-up; service logs at info (to /dev/null)\n`);
    for (const scenario of scenarios.filter((sc) => wanted(sc.name))) {
      const s = await measure({ url: service.url, ...scenario.service, durationSeconds: DURATION, pid: service.process.pid });
      const f = await measure({ url: floor.url, ...scenario.floor, durationSeconds: DURATION, pid: floor.process.pid });
      console.log(row(scenario.name, s, f));
      if (scenario.note) console.log(`  ${scenario.note}`);
    }

    if (wanted('subscription fan-out')) {
      const fan = await measureFanout({ url: service.url, token: payerAuth.Authorization.slice('Bearer '.length), accountId: accountIds[0]!, subscribers: 1000, events: 50 });
      console.log(
        `subscription fan-out: ${fan.subscribers} subscribers on one account, ${fan.events} events → ${fan.delivered} deliveries, ` +
          `commit→receipt p50 ${fan.p50} ms, p99 ${fan.p99} ms, ${fan.perSecond.toFixed(0)} deliveries/s (1 process, clients in the bench process)`,
      );
    }
  } finally {
    await Promise.all([service.stop(), floor.stop()]);
    rmSync(statementsFile, { force: true });
    const sql = postgres(BASE_URL, { max: 1, onnotice: () => {} });
    await sql.unsafe('drop database if exists "concord_bench" with (force)');
    await sql.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
