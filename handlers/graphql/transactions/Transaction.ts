import { formatAmount } from '../../../core/shared/money.js';
import type { TransactionResolvers } from '../../../generated/graphql/resolvers-types.js';

/** Money formatted with its currency; the accounts through the per-request loader. */
export const Transaction: TransactionResolvers = {
  amount: (t) => formatAmount(t.amount, t.currency),
  timestamp: (t) => t.createdAt,
  fromAccount: (t, _args, { loaders }) => (t.fromAccountId ? loaders.accounts.load(t.fromAccountId) : null),
  toAccount: (t, _args, { loaders }) => (t.toAccountId ? loaders.accounts.load(t.toAccountId) : null),
};
