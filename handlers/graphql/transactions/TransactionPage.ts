import type { TransactionPageResolvers } from '../../../generated/graphql/resolvers-types.js';

/** `totalCount` counts only when selected. */
export const TransactionPage: TransactionPageResolvers = {
  totalCount: (page) => page.totalCount(),
};
