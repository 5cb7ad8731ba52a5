import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';
import { search } from './Query.search.js';
import { SearchResult } from './SearchResult.js';

/** Search module. */
export const searchResolvers: Resolvers = {
  Query: { search },
  SearchResult,
};
