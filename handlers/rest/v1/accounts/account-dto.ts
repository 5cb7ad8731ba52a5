/** Core accounts and ledger rows → contract `Account` and `Transaction`. */
import type { Account, Transaction } from '../../../../core/accounts/account.js';
import { toJsonNumber } from '../../../../core/shared/money.js';
import { compact } from '../shared/compact.js';
import type { Schemas } from '../shared/types.js';

/** Maps an account to its REST representation. */
export function toAccountDto(a: Account): Schemas['Account'] {
  return {
    accountId: a.id,
    accountNumber: a.accountNumber,
    accountType: a.accountType,
    currency: a.currency,
    balance: toJsonNumber(a.balance),
    status: a.status,
    userId: a.userId,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** Maps a ledger transaction to its REST representation. */
export function toTransactionDto(t: Transaction): Schemas['Transaction'] {
  return compact({
    transactionId: t.id,
    type: t.type,
    amount: toJsonNumber(t.amount),
    currency: t.currency,
    fromAccountId: t.fromAccountId,
    toAccountId: t.toAccountId,
    status: t.status,
    description: t.description,
    createdAt: t.createdAt.toISOString(),
  });
}

/** Location of an account resource. */
export const accountLocation = (id: string) => `/api/v1/accounts/${id}`;
