import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** Every user, newest first (administrators; the schema's `@auth(requires: ADMIN)` guards it too). */
export const users: NonNullable<QueryResolvers['users']> = async (_parent, _args, { core, actor, loaders }) => {
  const all = await core.userReads.all(actor);
  for (const u of all) loaders.users.prime(u.id, u);
  return all;
};
