import { NotFoundError } from '../../../core/errors.js';
import { formatAmount } from '../../../core/shared/money.js';
import type { TransferResolvers } from '../../../generated/graphql/resolvers-types.js';
import type { Loaders } from '../loaders.js';

async function requiredAccount(loaders: Loaders, id: string) {
  const account = await loaders.accounts.load(id);
  if (!account) throw new NotFoundError('Account', id);
  return account;
}

/** Money formatted with its currency; accounts and transaction through the per-request loaders. */
export const Transfer: TransferResolvers = {
  amount: (t) => formatAmount(t.amount, t.currency),
  fromAccount: (t, _args, { loaders }) => requiredAccount(loaders, t.fromAccountId),
  toAccount: (t, _args, { loaders }) => requiredAccount(loaders, t.toAccountId),
  transaction: (t, _args, { loaders }) => (t.transactionId ? loaders.transactions.load(t.transactionId) : null),
};
