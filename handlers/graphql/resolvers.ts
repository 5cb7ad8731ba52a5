/**
 * Every module's resolver map, merged type by type into the one `Resolvers` the schema is built
 * with. A field defined by two modules is a programming error and fails at start-up.
 */
import type { Resolvers } from '../../generated/graphql/resolvers-types.js';
import { accountsResolvers } from './accounts/index.js';
import { baseResolvers } from './base/index.js';
import { searchResolvers } from './search/index.js';
import { subscriptionResolvers } from './subscriptions/index.js';
import { transactionsResolvers } from './transactions/index.js';
import { transfersResolvers } from './transfers/index.js';
import { usersResolvers } from './users/index.js';

/** The modules, in no particular order. */
export const resolverModules: Resolvers[] = [
  baseResolvers,
  usersResolvers,
  accountsResolvers,
  transactionsResolvers,
  transfersResolvers,
  searchResolvers,
  subscriptionResolvers,
];

/**
 * Merges resolver maps. Scalars (class instances) are taken as they are; object maps are merged
 * field by field.
 * @throws Error when two maps define the same field of a type.
 */
export function mergeResolvers(modules: readonly Resolvers[]): Resolvers {
  const merged: Record<string, unknown> = {};
  for (const module of modules) {
    for (const [type, fields] of Object.entries(module)) {
      const target = merged[type];
      if (target === undefined || Object.getPrototypeOf(fields) !== Object.prototype) {
        if (target !== undefined) throw new Error(`GraphQL resolvers: ${type} is defined twice`);
        merged[type] = Object.getPrototypeOf(fields) === Object.prototype ? { ...fields } : fields;
        continue;
      }
      for (const [field, resolver] of Object.entries(fields as object)) {
        if (field in (target as object)) throw new Error(`GraphQL resolvers: ${type}.${field} is defined twice`);
        (target as Record<string, unknown>)[field] = resolver;
      }
    }
  }
  return merged as Resolvers;
}

export const resolvers: Resolvers = mergeResolvers(resolverModules);
