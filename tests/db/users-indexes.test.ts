import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../core/actor.js';
import { onPostgres } from '../support/database.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * With many users, every list query the repository issues must be answered from an index: the
 * plans are read with EXPLAIN on the very statements the service ran.
 */
describe.skipIf(!onPostgres)('user listing plans at scale', () => {
  let t: TestService;
  let sql: postgres.Sql;
  const admin: Actor = { userId: 'usr_admin', role: 'ADMIN' };

  beforeAll(async () => {
    t = await startTestService();
    sql = postgres(t.service.config.databaseUrl!, { max: 1, onnotice: () => {} });
    await sql`
      insert into users (id, name, first_name, last_name, email, created_at, updated_at)
      select 'usr_' || lpad(g::text, 26, '0'), 'Name ' || g, 'First' || (g % 977), 'Last' || (g % 1009),
             'person' || g || '@example.com', now() - g * interval '1 second', now() - g * interval '1 second'
      from generate_series(1, 100000) g`;
    await sql`analyze users`;
  }, 120_000);
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    t.queries.length = 0;
    await run();
    const selects = t.queries.filter((q) => /^select/i.test(q.query) && !/count\(/i.test(q.query));
    expect(selects.length).toBeGreaterThan(0);
    return Promise.all(
      selects.map(async (q) => {
        const rows = await sql.unsafe(`explain ${q.query}`, q.params as never[]);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      }),
    );
  }

  it.each(['createdAt,desc', 'lastName,asc', 'email,desc', 'updatedAt,asc', 'firstName,asc'])('reads a sorted first page (%s) from an index', async (sort) => {
    for (const plan of await plansOf(() => t.service.core.users.list(admin, { sort: [sort], size: 20 }))) {
      expect(plan).toMatch(/Index Scan/);
      expect(plan).not.toMatch(/Seq Scan|Sort\b/);
    }
  });

  it('reads a deep keyset page from an index without OFFSET', async () => {
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await t.service.core.users.list(admin, { sort: ['lastName,asc'], limit: 100, cursor });
      cursor = page.mode === 'cursor' ? (page.nextCursor ?? undefined) : undefined;
    }
    for (const plan of await plansOf(() => t.service.core.users.list(admin, { sort: ['lastName,asc'], limit: 100, cursor }))) {
      expect(plan).toMatch(/Index Cond: \(ROW\(last_name, id\) > ROW/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
    expect(t.queries.every((q) => !/offset \$\d+/i.test(q.query) || q.params.at(-1) === 0)).toBe(true);
  });

  it('answers a substring search with the trigram indexes', async () => {
    for (const plan of await plansOf(() => t.service.core.users.list(admin, { q: 'person2999', size: 20 }))) {
      expect(plan).toMatch(/users_(name|email)_trgm_idx/);
    }
  });
});
