/**
 * A private database per test file: PGlite in memory by default, or a freshly created PostgreSQL
 * database on the server named by DATABASE_URL (dropped afterwards), so files run in parallel
 * without seeing each other's rows or notifications.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** True when the suite runs against a real PostgreSQL server. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/** Creates the database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { dataDir: 'memory://', drop: async () => {} };
  const name = `concord_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    drop: async () => {
      const sql = postgres(base, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    },
  };
}
