/**
 * `npm run bench`: measures the service against a floor server on PostgreSQL and prints req/s,
 * p50/p99 and the ratio service/floor per scenario. Not a test: nothing is asserted.
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); it creates and
 * drops its own database `concord_bench`.
 */
import os from 'node:os';
import { signToken } from '../app/auth/sign-token.js';
import { loadConfig } from '../app/config.js';
import { createCore } from '../core/index.js';
import { openRecorded, recreateDatabase, seedUsers } from './lib/database.js';
import { measure, type Measurement } from './lib/measure.js';
import { startServer } from './lib/processes.js';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0001';

function row(name: string, service: Measurement, floor: Measurement): string {
  const f = (m: Measurement) => `${m.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(3)} ms`;
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

  // Capture the exact statements the service runs for each scenario; the floor replays them.
  const core = createCore(handle.db);
  const capture = async (run: () => Promise<unknown>) => {
    statements.length = 0;
    await run();
    return [...statements];
  };
  const floorStatements = {
    getUser: (await capture(() => core.users.get(admin, ids[1]!)))[0],
    listPage: await capture(() => core.users.list(admin, { sort: ['lastName,asc'], size: 20 })),
    listCursor: (await capture(() => core.users.list(admin, { sort: ['lastName,asc'], limit: 20 })))[0],
  };
  await handle.close();

  const env = { DATABASE_URL: url, JWT_SECRET, LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', RATE_LIMIT_USER_PER_MIN: '1000000', NODE_ENV: 'production' };
  const service = await startServer('app/server.ts', 3101, env);
  const floor = await startServer('bench/floor/server.ts', 3102, { DATABASE_URL: url, FLOOR_STATEMENTS: JSON.stringify(floorStatements) });
  const token = await signToken(loadConfig({ JWT_SECRET }).jwt, { sub: admin.userId, role: 'ADMIN', ttl: '1h' });
  const auth = { Authorization: `Bearer ${token}` };
  const randomId = () => ids[Math.floor(Math.random() * ids.length)]!;

  try {
    const scenarios: Array<[string, string, () => string, () => string]> = [
      ['GET /api/v1/users/{id}', 'get', () => `/api/v1/users/${randomId()}`, () => `/users/${randomId()}`],
      ['sorted first page (page envelope)', 'page', () => '/api/v1/users?sort=lastName,asc&size=20', () => '/users-page'],
      ['sorted first page (cursor envelope)', 'cursor', () => '/api/v1/users?sort=lastName,asc&limit=20', () => '/users-cursor'],
    ];
    console.log(`\n${DURATION}s per run, 16 connections, after a 2s warm-up; service logs at info (to /dev/null)\n`);
    for (const [name, , servicePath, floorPath] of scenarios) {
      const s = await measure({ url: service.url, headers: auth, next: () => ({ path: servicePath() }), durationSeconds: DURATION });
      const f = await measure({ url: floor.url, next: () => ({ path: floorPath() }), durationSeconds: DURATION });
      console.log(row(name, s, f));
    }
  } finally {
    await Promise.all([service.stop(), floor.stop()]);
    const { default: postgres } = await import('postgres');
    const sql = postgres(BASE_URL, { max: 1, onnotice: () => {} });
    await sql.unsafe('drop database if exists "concord_bench" with (force)');
    await sql.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
