import type { QueryResolvers } from '../../../generated/graphql/resolvers-types.js';

/** Users, then accounts, then transactions matching the text, limited to what the caller may see. */
export const search: NonNullable<QueryResolvers['search']> = async (_parent, { query }, { core, actor }) =>
  (await core.search.search(actor, query)).map((hit) => hit.item);
