import type { Resolvers } from '../../../generated/graphql/resolvers-types.js';
import { Currency } from './Currency.js';
import { DateTime } from './DateTime.js';
import { Email } from './Email.js';
import { Node } from './Node.js';
import { node } from './Query.node.js';

/** Base module: scalars, Node and `Query.node`. */
export const baseResolvers: Resolvers = {
  DateTime,
  Email,
  Currency,
  Node,
  Query: { node },
};
