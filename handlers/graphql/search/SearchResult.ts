import type { SearchResultResolvers } from '../../../generated/graphql/resolvers-types.js';
import { typenameOf } from '../shared/typename.js';

/** A hit's id names its type by prefix. */
export const SearchResult: SearchResultResolvers = {
  __resolveType: (hit) => typenameOf(hit.id) as 'User' | 'Account' | 'Transaction',
};
