import type { NodeResolvers } from '../../../generated/graphql/resolvers-types.js';
import { typenameOf } from '../shared/typename.js';

/** Every Node's id names its type by prefix. */
export const Node: NodeResolvers = {
  __resolveType: (node) => typenameOf(node.id)!,
};
