import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** The newest transactions of one account: owner or administrator. */
export const transactionHistory: NonNullable<QueryResolvers['transactionHistory']> = (_parent, { accountId, limit }, { core, actor }) =>
  core.transactions.history(actor, accountId, limit);
