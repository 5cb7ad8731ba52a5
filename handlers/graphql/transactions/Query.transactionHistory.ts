import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** The newest transactions of one account: owner or administrator. */
export const transactionHistory: NonNullable<QueryResolvers['transactionHistory']> = (_parent, { accountId, limit }, { services, actor }) =>
  services.transactions.history(actor, accountId, limit);
