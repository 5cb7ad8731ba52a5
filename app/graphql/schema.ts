/**
 * The executable schema: the SDL modules of contracts/graphql (the source of truth), the
 * resolvers of handlers/graphql, and `@auth` applied from the SDL. Shared by the HTTP server and
 * the WebSocket (subscriptions) server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { Resolvers } from '../../generated/graphql/resolvers-types.js';
import { resolvers as allResolvers } from '../../handlers/graphql/resolvers.js';
import { applyAuthDirective } from './auth-directive.js';

const contractsDir = fileURLToPath(new URL('../../contracts/graphql/', import.meta.url));

/** The SDL modules, in file-name order. */
export function loadTypeDefs(): string[] {
  return readdirSync(contractsDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(contractsDir, f), 'utf8'));
}

/**
 * Builds the executable schema.
 * @param resolvers defaults to every module of handlers/graphql/resolvers.ts
 * @example const schema = createExecutableSchema();
 */
export function createExecutableSchema(resolvers: Resolvers = allResolvers): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs: loadTypeDefs(),
    resolvers: resolvers as Parameters<typeof makeExecutableSchema>[0]['resolvers'],
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return applyAuthDirective(schema);
}
