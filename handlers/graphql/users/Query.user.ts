import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** Any authenticated caller reads a user's public profile; unknown id is NOT_FOUND. */
export const user: NonNullable<QueryResolvers['user']> = async (_parent, { id }, { core, actor, loaders }) => {
  const found = await core.users.getProfile(actor, id);
  loaders.users.prime(found.id, found);
  return found;
};
