/**
 * The floor the service is compared against: bare Hono on @hono/node-server running the very SQL
 * statements the service runs (captured by the bench runner and passed in FLOOR_STATEMENTS) through
 * the same driver and mode (postgres.js, prepared statements, as the service runs them), with no
 * validation, auth or logging.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import postgres from 'postgres';

interface Statement {
  query: string;
  params: unknown[];
}
interface Statements {
  getUser: Statement;
  listPage: Statement[];
  listCursor: Statement;
  /** Per sample account: the statements one GraphQL account query runs, in order. */
  graphqlAccount: Statement[][];
  /** A new payment: statements in order; from `txStart` on they ran in one transaction. */
  paymentFresh: { statements: Statement[]; txStart: number; key: string; paymentId: string };
  /** A replayed payment (known key, same body). */
  paymentReplay: Statement[];
}

const statements = JSON.parse(
  process.env.FLOOR_STATEMENTS_FILE ? readFileSync(process.env.FLOOR_STATEMENTS_FILE, 'utf8') : process.env.FLOOR_STATEMENTS!,
) as Statements;
const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
// The driver configured as Drizzle configures the service's: dates, times and JSON pass through as
// text. Without this, a prepared jsonb parameter (already JSON text) would be encoded a second time.
const transparent = (value: unknown) => value;
for (const type of [1184, 1082, 1083, 1114, 1182, 1185, 1115, 1231]) {
  sql.options.parsers[type] = transparent;
  sql.options.serializers[type] = transparent;
}
sql.options.serializers[114] = transparent;
sql.options.serializers[3802] = transparent;
const run = (s: Statement, params = s.params) => sql.unsafe(s.query, params as never[], { prepare: true });

const app = new Hono();
app.get('/health', (c) => c.json({ status: 'OK' }));
app.get('/users/:id', async (c) => {
  const [row] = await run(statements.getUser, [c.req.param('id'), ...statements.getUser.params.slice(1)]);
  return row ? c.json(row) : c.json({ error: 'not found' }, 404);
});
app.get('/users-page', async (c) => {
  const [rows, count] = await Promise.all(statements.listPage.map((s) => run(s)));
  return c.json({ content: rows, total: count![0] });
});
app.get('/users-cursor', async (c) => c.json({ data: await run(statements.listCursor) }));
// The GraphQL scenario's SQL without GraphQL: each level waits for the one before, as resolvers do.
app.get('/graphql-account/:i', async (c) => {
  const results = [];
  for (const s of statements.graphqlAccount[Number(c.req.param('i'))] ?? []) results.push(await run(s));
  return c.json({ data: results });
});
// A new payment: the captured statements with a fresh key and payment id, the tail in a transaction,
// as the service runs them (inside transactions unprepared, as Drizzle does).
const fresh = statements.paymentFresh;
const substitute = (params: unknown[], key: string, paymentId: string) =>
  params.map((p) => (typeof p === 'string' ? p.replaceAll(fresh.key, key).replaceAll(fresh.paymentId, paymentId) : p));
let sequence = 0;
app.post('/payments', async (c) => {
  const key = `floor-${process.pid}-${++sequence}`;
  const paymentId = `pay_${String(sequence).padStart(26, '0')}`;
  const before = fresh.statements.slice(0, fresh.txStart);
  for (const s of before) await run(s, substitute(s.params, key, paymentId));
  await sql.begin(async (tx) => {
    for (const s of fresh.statements.slice(fresh.txStart)) await tx.unsafe(s.query, substitute(s.params, key, paymentId) as never[]);
  });
  return c.json({ paymentId }, 201);
});
app.post('/payments-replay', async (c) => {
  const results = [];
  for (const s of statements.paymentReplay) results.push(await run(s));
  return c.json({ data: results });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
// Exit normally on SIGTERM so that a CPU profile (BENCH_CPU_PROF) is written.
process.on('SIGTERM', () => process.exit(0));
