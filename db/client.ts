/**
 * One database handle over two drivers. With `DATABASE_URL` the postgres.js pool talks to a real
 * PostgreSQL; without it an embedded PGlite (WASM PostgreSQL) keeps its files in `DATA_DIR`
 * (or in memory for `memory://`). Everything above this file sees the same Drizzle API, schema
 * and migrations.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The driver-independent Drizzle database. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, usable wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a database or an open transaction. */
export type Executor = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * LISTENs on `channel`. On PostgreSQL the listener has its own connection, which postgres.js
   * re-establishes (and LISTENs again on) after it drops; `onListen` runs each time listening
   * (re)starts. Returns the unlisten function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for postgres.js. */
  maxConnections?: number;
  /** Called with every statement Drizzle runs (tests count and EXPLAIN them). */
  onQuery?: (query: string, params: unknown[]) => void;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: the advisory lock that serialises migrations of concurrent instances. */
const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Opens the database described by the options.
 * @example const handle = await openDatabase({ dataDir: 'memory://' }); await handle.migrate();
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.maxConnections ?? 10, logger) : openPglite(options.dataDir, logger);
}

type QueryLogger = { logQuery(query: string, params: unknown[]): void } | undefined;

async function openPglite(dataDir: string, logger: QueryLogger): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onMessage, onListen) => {
      const unlisten = await client.listen(channel, onMessage);
      onListen?.();
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/**
 * Drizzle runs unnamed statements (`prepare: false`), so PostgreSQL parses and plans every query
 * again; measured here that caps a primary-key lookup at ~4.8k/s against ~17k/s prepared. This
 * wrapper lets postgres.js prepare and cache each distinct statement text per connection for
 * queries outside transactions. Transactions keep Drizzle's default: wrapping `begin` as well
 * made postgres.js report UNSAFE_TRANSACTION under concurrent load (about one run in three of
 * tests/db/money-concurrency.test.ts). Behind a transaction-mode pooler, drop this wrapper.
 */
function preferPrepared(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: object) =>
          target.unsafe(query, params as never, { ...options, prepare: true });
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function openPostgres(url: string, max: number, logger: QueryLogger): Promise<DatabaseHandle> {
  const client = postgres(url, { max, onnotice: () => {}, connection: { application_name: 'concord' } });
  const db = drizzlePostgres({ client: preferPrepared(client), schema, casing: 'snake_case', logger });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => {
      // A session lock on a reserved connection: other instances wait here until we are done.
      const lock = await client.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(db, { migrationsFolder });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
        lock.release();
      }
    },
    ping: async () => {
      await client`select 1`;
    },
    listen: async (channel, onMessage, onListen) => {
      const request = await client.listen(channel, onMessage, onListen);
      return () => request.unlisten();
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** Rows of a raw SQL statement, whichever driver runs it. */
export async function rawRows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
