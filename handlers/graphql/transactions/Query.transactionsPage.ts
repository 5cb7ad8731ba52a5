import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** The caller's transactions (administrators: all) as an offset page, newest first. */
export const transactionsPage: NonNullable<QueryResolvers['transactionsPage']> = (_parent, args, { core, actor }) =>
  core.transactions.page(actor, args);
