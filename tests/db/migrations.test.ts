import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../support/database.js';

describe.skipIf(!onPostgres)('migrations on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('let several instances start at once: the advisory lock serialises them and each applies nothing twice', async () => {
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: database.databaseUrl, dataDir: '' })));
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const sql = postgres(database.databaseUrl!, { max: 1 });
      const [migrations] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const [tables] = await sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`;
      await sql.end();
      expect(migrations!.n).toBeGreaterThan(0);
      expect(tables!.n).toBe(1);
      await handles[0]!.migrate(); // again: a no-op
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
