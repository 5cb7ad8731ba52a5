import type { TransactionConnectionResolvers } from '../../../generated/graphql/resolvers-types.js';

/** `totalCount` counts only when selected. */
export const TransactionConnection: TransactionConnectionResolvers = {
  totalCount: (connection) => connection.totalCount(),
};
