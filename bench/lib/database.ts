/** A dedicated PostgreSQL database for a benchmark run, migrated and seeded. */
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';

/** Recreates `name` on the server of `baseUrl` and returns its URL. */
export async function recreateDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Opens, migrates, and records every statement run through the returned handle. */
export async function openRecorded(url: string): Promise<{ handle: DatabaseHandle; statements: Array<{ query: string; params: unknown[] }> }> {
  const statements: Array<{ query: string; params: unknown[] }> = [];
  const handle = await openDatabase({ databaseUrl: url, dataDir: '', onQuery: (query, params) => statements.push({ query, params }) });
  await handle.migrate();
  return { handle, statements };
}

/** Inserts `count` users with TypeID-shaped ids and varied names, then analyzes. */
export async function seedUsers(url: string, count: number): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`
    insert into users (id, name, first_name, last_name, email, role, created_at, updated_at)
    select 'usr_' || lpad(g::text, 26, '0'), 'First' || (g % 997) || ' Last' || (g % 1009), 'First' || (g % 997),
           'Last' || (g % 1009), 'person' || g || '@example.com', case when g = 1 then 'ADMIN' else 'USER' end,
           now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${count}) g`;
  await sql`analyze users`;
  await sql.end();
  return Array.from({ length: count }, (_, i) => `usr_${String(i + 1).padStart(26, '0')}`);
}
