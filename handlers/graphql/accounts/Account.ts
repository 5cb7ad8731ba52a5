import { requireOwnerOrAdmin } from '../../../core/actor.js';
import { NotFoundError } from '../../../core/errors.js';
import { formatAmount } from '../../../core/shared/money.js';
import { pageSize } from '../../../core/transactions/paging.js';
import type { AccountResolvers } from '../../../generated/graphql/resolvers-types.js';

/** Identifying fields for anyone who reaches the account; money and ledger for owner and administrators. */
export const Account: AccountResolvers = {
  balance: (account, _args, { actor }) => {
    requireOwnerOrAdmin(actor, account.userId);
    return formatAmount(account.balance, account.currency);
  },
  owner: async (account, _args, { loaders }) => {
    const owner = await loaders.users.load(account.userId);
    if (!owner) throw new NotFoundError('User', account.userId);
    return owner;
  },
  transactions: (account, { limit }, { actor, loaders }) => {
    requireOwnerOrAdmin(actor, account.userId);
    return loaders.newestTransactions(pageSize(limit, 'limit', 10)).load(account.id);
  },
};
