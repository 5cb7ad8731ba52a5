/** The GraphQL type an id names, from its prefix (Node and SearchResult resolve their members so). */
import { idKind } from '../../../core/shared/ids.js';

const TYPENAMES = { user: 'User', account: 'Account', transaction: 'Transaction', transfer: 'Transfer' } as const;

export type NodeTypename = (typeof TYPENAMES)[keyof typeof TYPENAMES];

/** `usr_…` → `User`, `acc_…` → `Account`, `txn_…` → `Transaction`, `trf_…` → `Transfer`; else undefined. */
export function typenameOf(id: string): NodeTypename | undefined {
  const kind = idKind(id);
  return kind && kind in TYPENAMES ? TYPENAMES[kind as keyof typeof TYPENAMES] : undefined;
}
