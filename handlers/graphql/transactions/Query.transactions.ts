import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** The caller's transactions (administrators: all) as a Relay connection, newest first. */
export const transactions: NonNullable<QueryResolvers['transactions']> = (_parent, args, { core, actor }) =>
  core.transactions.connection(actor, args);
