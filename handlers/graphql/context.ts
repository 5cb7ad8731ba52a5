/**
 * The per-request GraphQL context: who is calling (resolved before execution; a bad token gives
 * an unauthenticated context, never a failed request), the core, and fresh DataLoaders. Built by
 * the HTTP server (app/graphql) and by the WebSocket server, per operation.
 */
import type { Actor } from '../../core/actor.js';
import type { Core } from '../../core/index.js';
import { createLoaders, type Loaders } from './loaders.js';

/** The authentication outcome (structurally app/middleware/authenticate.ts's `AuthState`). */
export type GraphQLAuth =
  | { status: 'authenticated'; actor: Actor }
  | { status: 'anonymous' | 'invalid' | 'blocked'; actor: null; reason: string };

export interface GraphQLContext {
  requestId: string;
  auth: GraphQLAuth;
  /** The caller, or null when unauthenticated; `@auth` fields refuse null before resolving. */
  actor: Actor | null;
  core: Core;
  loaders: Loaders;
}

export interface GraphQLContextOptions {
  core: Core;
  auth: GraphQLAuth;
  requestId: string;
}

/**
 * Builds the context of one request (or one subscription).
 * @example createGraphQLContext({ core, auth: c.get('auth'), requestId: c.get('requestId') })
 */
export function createGraphQLContext({ core, auth, requestId }: GraphQLContextOptions): GraphQLContext {
  return { requestId, auth, actor: auth.actor, core, loaders: createLoaders(core) };
}
