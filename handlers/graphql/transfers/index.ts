import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';
import { transferFunds } from './Mutation.transferFunds.js';
import { Transfer } from './Transfer.js';

/** Transfers module. */
export const transfersResolvers: Resolvers = {
  Mutation: { transferFunds },
  Transfer,
};
