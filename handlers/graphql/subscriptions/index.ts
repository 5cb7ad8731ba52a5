import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';

/** Subscriptions module (`Subscription`, `BalanceUpdate`): filled in by the WebSocket work. */
export const subscriptionResolvers: Resolvers = {};
