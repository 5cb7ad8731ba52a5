/**
 * Domain events for subscribers. They are published with `pg_notify` inside the writing
 * transaction, so only committed changes are announced, and every instance LISTENing on the
 * channel sees them (PostgreSQL delivers notifications at commit, in commit order).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

export const EVENTS_CHANNEL = 'concord_events';

export interface TransactionCreatedEvent {
  type: 'transaction.created';
  /** Every account the transaction touches. */
  accountIds: string[];
  transaction: {
    id: string;
    type: string;
    amount: string;
    currency: string;
    fromAccountId: string | null;
    toAccountId: string | null;
    status: string;
    description: string | null;
    createdAt: string;
  };
}

export interface BalanceUpdatedEvent {
  type: 'balance.updated';
  accountId: string;
  newBalance: string;
  currency: string;
  timestamp: string;
}

export type DomainEvent = TransactionCreatedEvent | BalanceUpdatedEvent;

/** Publishes events in `tx`; they are delivered if and when it commits. */
export async function publishEvents(tx: Executor, events: DomainEvent[]): Promise<void> {
  for (const event of events) {
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  }
}
