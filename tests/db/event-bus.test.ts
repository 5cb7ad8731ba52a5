import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createEventBus, SubscriberOverflowError, type EventBus } from '../../core/events/bus.js';
import type { DomainEvent } from '../../core/events/domain-events.js';
import { publishEvents } from '../../core/events/publish.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../support/database.js';

const quiet = { info: () => {}, warn: () => {} };
const balance = (accountId: string, n: number): DomainEvent => ({
  type: 'balance.updated',
  accountId,
  newBalance: String(n),
  currency: 'USD',
  timestamp: new Date().toISOString(),
});

async function take<T>(it: AsyncIterator<T>, n: number, ms = 5000): Promise<T[]> {
  const out: T[] = [];
  const deadline = setTimeout(() => void it.return?.(), ms);
  while (out.length < n) {
    const next = await it.next();
    if (next.done) break;
    out.push(next.value);
  }
  clearTimeout(deadline);
  return out;
}

describe('event bus', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let bus: EventBus;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    bus = await createEventBus(handle, quiet, 5);
  });
  afterAll(async () => {
    await bus.close();
    await handle.close();
    await database.drop();
  });

  it('delivers committed events to the subscribers of their account only, and nothing from a rollback', async () => {
    const mine = bus.subscribe('acc_a', 'balance.updated');
    const other = bus.subscribe('acc_b', 'balance.updated');
    await handle.db.transaction(async (tx) => publishEvents(tx, [balance('acc_a', 1)]));
    await handle.db
      .transaction(async (tx) => {
        await publishEvents(tx, [balance('acc_a', 2)]);
        throw new Error('rollback');
      })
      .catch(() => {});
    await handle.db.transaction(async (tx) => publishEvents(tx, [balance('acc_a', 3), balance('acc_b', 4)]));
    expect((await take(mine, 2)).map((e) => (e as { newBalance: string }).newBalance)).toEqual(['1', '3']);
    expect((await take(other, 1)).map((e) => (e as { newBalance: string }).newBalance)).toEqual(['4']);
    await mine.return!();
    await other.return!();
  });

  it('ends a subscriber that falls behind without delaying the others', async () => {
    const stuck = bus.subscribe('acc_c', 'balance.updated'); // never read while events arrive
    const live = bus.subscribe('acc_c', 'balance.updated');
    const received = take(live, 8);
    for (let i = 0; i < 8; i++) await handle.db.transaction(async (tx) => publishEvents(tx, [balance('acc_c', i)]));
    expect(await received).toHaveLength(8);
    await expect(take(stuck, 10)).rejects.toBeInstanceOf(SubscriberOverflowError);
    await live.return!();
  });

  it('leaks nothing across many subscribe/unsubscribe cycles', async () => {
    const before = bus.stats();
    for (let i = 0; i < 2000; i++) {
      const it = bus.subscribe(`acc_${i % 50}`, i % 2 ? 'balance.updated' : 'transaction.created');
      if (i % 3 === 0) {
        const pending = it.next();
        await it.return!();
        await pending;
      } else await it.return!();
    }
    expect(bus.stats()).toEqual(before);
  });

  it.skipIf(!onPostgres)('re-establishes a dropped listener connection and resumes delivery', async () => {
    const sub = bus.subscribe('acc_d', 'balance.updated');
    const admin = postgres(database.databaseUrl!, { max: 1, onnotice: () => {} });
    const killed = await admin`select pg_terminate_backend(pid) as ok from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`;
    expect(killed.map((r) => r.ok)).toEqual([true]);
    await admin.end();
    // Keep publishing until the re-established listener delivers.
    const got = take(sub, 1, 15_000);
    let n = 0;
    const publisher = setInterval(() => void handle.db.transaction(async (tx) => publishEvents(tx, [balance('acc_d', n++)])), 200);
    try {
      expect(await got).toHaveLength(1);
    } finally {
      clearInterval(publisher);
      await sub.return!();
    }
  });
});
