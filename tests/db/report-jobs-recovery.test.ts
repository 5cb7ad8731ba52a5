/**
 * Report jobs on a real PostgreSQL: a job whose server is killed (SIGKILL) mid-report is finished
 * by another server process, and a creator's line stays one-at-a-time under concurrent requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../app/auth/sign-token.js';
import { loadConfig } from '../../app/config.js';
import { newId } from '../../core/shared/ids.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../support/database.js';
import { startTestService, type TestService } from '../support/test-service.js';

const SECRET = 'report-recovery-test-secret-0123456789abcdef';
/** Closed accounts of the report's owner, each with one deposit in each of five months. */
const ACCOUNTS = 2000;

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** The real entry point as an operator runs it, on the test file's own database. */
async function startServer(databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      WORKER_POLL_MS: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const port = /listening on http:\/\/[\d.]+:(\d+)/.exec(out)?.[1];
    if (port) return { child, port: Number(port), output: () => out };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function until<T>(probe: () => Promise<T>, check: (value: T) => boolean, ms = 60_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe.skipIf(!onPostgres)('report jobs on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: postgres.Sql;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgres(database.databaseUrl!, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await sql.end();
    await database.drop();
  });

  it('finishes a job on another server after the server running it is killed with SIGKILL mid-report', async () => {
    const first = await startServer(database.databaseUrl!);
    servers.push(first);

    // A ledger big enough that the report takes a while: ACCOUNTS × 5 months.
    const userId = newId('user');
    await sql`insert into users (id, name, first_name, last_name, email) values (${userId}, 'Rita Report', 'Rita', 'Report', 'rita@example.com')`;
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
      id: newId('account'),
      account_number: `CN${String(i).padStart(10, '0')}`,
      user_id: userId,
      account_type: 'CHECKING',
      currency: 'USD',
      status: 'CLOSED',
    }));
    for (let i = 0; i < accounts.length; i += 500) await sql`insert into accounts ${sql(accounts.slice(i, i + 500))}`;
    await sql`
      insert into transactions (id, type, amount, currency, to_account_id, status, created_at)
      select 'txn_' || md5(a.id || m), 'DEPOSIT', m + 0.25, 'USD', a.id, 'COMPLETED', make_timestamptz(2024, m, 15, 12, 0, 0, 'UTC')
      from accounts a, generate_series(1, 5) m where a.user_id = ${userId}`;

    const token = await signToken(loadConfig({ JWT_SECRET: SECRET }).jwt, { sub: userId });
    const api = async (server: Server, path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${server.port}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers } });
    const accepted = await api(first, '/api/v1/reports/generate', { method: 'POST', body: JSON.stringify({ reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' }) });
    expect(accepted.status).toBe(202);
    const { jobId } = (await accepted.json()) as { jobId: string };

    // Kill the first server once its worker is well into the report.
    const midway = await until(
      async () => (await sql`select status, progress, started_at from report_jobs where id = ${jobId}`)[0]!,
      (row) => row.status !== 'PENDING' && (row.status !== 'PROCESSING' || row.progress >= 10),
    );
    expect(midway.status).toBe('PROCESSING');
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(first.child.signalCode).toBe('SIGKILL');

    const [interrupted] = await sql`select r.status, r.progress, j.attempts, j.locked_by from report_jobs r join jobs j on j.payload->>'jobId' = r.id where r.id = ${jobId}`;
    expect(interrupted).toMatchObject({ status: 'PROCESSING', attempts: 1 });
    expect(interrupted!.progress).toBeGreaterThanOrEqual(10);
    expect(interrupted!.progress).toBeLessThan(100);
    expect(await sql`select 1 from reports where job_id = ${jobId}`).toHaveLength(0);

    // The dead worker's lease would run out within 30 s; let it run out now.
    await sql`update jobs set locked_until = now() - interval '1 second' where payload->>'jobId' = ${jobId}`;
    const second = await startServer(database.databaseUrl!);
    servers.push(second);
    const done = await until(
      async () => (await (await api(second, `/api/v1/reports/jobs/${jobId}`)).json()) as { status: string; startedAt: string; result?: { downloadUrl: string } },
      (job) => job.status !== 'PROCESSING',
      60_000,
      200,
    );
    expect(done.status).toBe('COMPLETED');
    expect(new Date(done.startedAt)).toEqual(midway.started_at); // the first start, kept across the restart
    expect(await sql`select 1 from jobs where payload->>'jobId' = ${jobId}`).toHaveLength(0);

    // The resumed report is whole and exact: one row per account and month, as built uninterrupted.
    const file = await (await api(second, done.result!.downloadUrl, { headers: { Accept: 'text/csv' } })).text();
    const lines = file.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + ACCOUNTS * 5);
    expect(lines[1]).toBe(`${accounts[0]!.id},USD,2024-01,1,1.25,0.00,1.25`);
    expect(lines.at(-1)).toBe(`${accounts.at(-1)!.id},USD,2024-05,1,5.25,0.00,5.25`);
    const again = (await (await api(second, '/api/v1/reports/generate', { method: 'POST', body: JSON.stringify({ reportType: 'TRANSACTION_SUMMARY', year: 2024, format: 'CSV' }) })).json()) as { jobId: string };
    const uninterrupted = await until(
      async () => (await (await api(second, `/api/v1/reports/jobs/${again.jobId}`)).json()) as { status: string; result?: { downloadUrl: string } },
      (job) => job.status === 'COMPLETED',
      60_000,
      200,
    );
    expect(await (await api(second, uninterrupted.result!.downloadUrl)).text()).toBe(file);

    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
  }, 180_000);
});

describe.skipIf(!onPostgres)("a creator's line under concurrent requests", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ WORKER_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('hands exactly one of 20 concurrent jobs to the workers, then runs them one at a time in order', async () => {
    const user = await t.createUser();
    await t.openAccount(user, { deposit: '10' });
    const client = t.as(user);
    const accepted = await Promise.all(
      Array.from({ length: 20 }, () => client.POST('/api/v1/reports/generate', { body: { reportType: 'ACCOUNT_STATEMENT', year: new Date().getUTCFullYear(), format: 'JSON' } })),
    );
    expect(accepted.map((r) => r.response.status)).toEqual(Array(20).fill(202));
    expect(accepted.filter((r) => r.data!.status === 'PROCESSING')).toHaveLength(1);
    expect(accepted.filter((r) => r.data!.status === 'PENDING')).toHaveLength(19);
    const sql = postgres(t.service.config.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const [queued] = await sql`select count(*)::int as n from jobs where kind = 'report.generate'`;
      expect(queued!.n).toBe(1);

      await t.service.worker.drain();
      const rows = await sql`select status, started_at, completed_at from report_jobs where user_id = ${user.id} order by started_at`;
      expect(rows.map((r) => r.status)).toEqual(Array(20).fill('COMPLETED'));
      // One at a time: each job started only after the one before it had completed.
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.started_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.completed_at.getTime());
    } finally {
      await sql.end();
    }
  });
});
