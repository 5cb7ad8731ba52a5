/** The events subscribers can receive, and the PostgreSQL channel they travel on. */

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

