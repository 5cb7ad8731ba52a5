/**
 * `@auth(requires: Role = USER)` enforced from the SDL: every field carrying the directive, or
 * belonging to an object type carrying it, gets its resolver (and, for subscriptions, its
 * subscribe function) wrapped in a check of the context's authentication — before any of the
 * field's own code runs. Unauthenticated: `Authentication required` (UNAUTHORIZED); a blocked user
 * (SUSPENDED/CLOSED): FORBIDDEN; a lower role: `Insufficient permissions` (FORBIDDEN).
 */
import { getDirective, MapperKind, mapSchema } from '@graphql-tools/utils';
// `graphql/index.js`: the same (CommonJS) build yoga and graphql-tools load; under vitest a bare
// `graphql` resolves to the ESM build, a second realm (see README, GraphQL).
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql/index.js';
import { ROLES, type Role } from '../../core/actor.js';
import { ForbiddenError, UnauthenticatedError } from '../../core/errors.js';
import type { GraphQLAuth } from '../../handlers/graphql/context.js';

/**
 * Throws unless `auth` is an authenticated caller holding at least `requires`
 * (USER < ADMIN < SUPER_ADMIN).
 */
export function assertRole(auth: GraphQLAuth | undefined, requires: Role): void {
  if (auth?.status === 'blocked') throw new ForbiddenError(auth.reason);
  if (auth?.status !== 'authenticated') throw new UnauthenticatedError('Authentication required');
  if (ROLES.indexOf(auth.actor.role) < ROLES.indexOf(requires)) throw new ForbiddenError('Insufficient permissions');
}

type Resolver = GraphQLFieldResolver<unknown, { auth?: GraphQLAuth }>;

const guarded = (requires: Role, resolve: Resolver): Resolver =>
  function authGuard(source, args, context, info) {
    assertRole(context.auth, requires);
    return resolve(source, args, context, info);
  };

/** Returns the schema with every `@auth` field and type guarded. */
export function applyAuthDirective(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, _name, typeName) => {
      const type = schema.getType(typeName)!;
      const rule = getDirective(schema, field, 'auth')?.[0] ?? getDirective(schema, type, 'auth')?.[0];
      if (!rule) return field;
      const requires = (rule.requires ?? 'USER') as Role;
      return {
        ...field,
        resolve: guarded(requires, (field.resolve as Resolver | undefined) ?? defaultFieldResolver),
        ...(field.subscribe ? { subscribe: guarded(requires, field.subscribe as Resolver) } : {}),
      };
    },
  });
}
