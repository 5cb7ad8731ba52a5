import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** Owner or administrator; unknown id NOT_FOUND, someone else's FORBIDDEN (`Access denied`). */
export const account: NonNullable<QueryResolvers['account']> = async (_parent, { id }, { core, actor, loaders }) => {
  const found = await core.accounts.get(actor, id);
  loaders.accounts.prime(found.id, found);
  return found;
};
