/** Ledger lists as the core hands them out. */
import type { TransactionRow } from '../../db/schema/accounts.js';

export interface TransactionEdge {
  node: TransactionRow;
  cursor: string;
}

/** A Relay-style slice of a transaction list; `totalCount` runs its query only when called. */
export interface TransactionConnection {
  edges: TransactionEdge[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount(): Promise<number>;
}

/** An offset page of a transaction list; `totalCount` runs its query only when called. */
export interface TransactionPage {
  nodes: TransactionRow[];
  hasMore: boolean;
  totalCount(): Promise<number>;
}
