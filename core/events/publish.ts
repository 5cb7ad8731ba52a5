/**
 * Domain events for subscribers. They are published with `pg_notify` inside the writing
 * transaction, so only committed changes are announced, and every instance LISTENing on the
 * channel sees them (PostgreSQL delivers notifications at commit, in commit order).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { EVENTS_CHANNEL, type DomainEvent } from './domain-events.js';

/** Publishes events in `tx`; they are delivered if and when it commits. */
export async function publishEvents(tx: Executor, events: DomainEvent[]): Promise<void> {
  for (const event of events) {
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  }
}
