/**
 * Mounts GraphQL on the Hono app at `/graphql` (every method: yoga answers 405 for the ones
 * GraphQL over HTTP does not use). Authentication has already run (a bad token is an
 * unauthenticated context, not a failed request); the request is charged to the same rate-limit
 * budget as REST, and every response carries the `RateLimit-*` headers.
 */
import type { Hono } from 'hono';
import type { Core } from '../../core/index.js';
import type { Config } from '../config.js';
import type { AppEnv } from '../context.js';
import type { Logger } from '../logger.js';
import type { RateLimiter } from '../middleware/rate-limit.js';
import { createGraphQLServer, GRAPHQL_PATH } from './server.js';

export { createExecutableSchema } from './schema.js';

export interface GraphQLMountOptions {
  core: Core;
  logger: Logger;
  config: Config['graphql'];
  limiter: RateLimiter;
}

/** Adds the `/graphql` route. */
export function mountGraphQL(app: Hono<AppEnv>, options: GraphQLMountOptions): void {
  const yoga = createGraphQLServer({
    core: options.core,
    logger: options.logger,
    limits: { maxDepth: options.config.maxDepth, maxCost: options.config.maxCost },
    persistedQueries: { mode: options.config.persistedQueries, manifestPath: options.config.persistedManifest },
  });
  app.all(GRAPHQL_PATH, async (c) => {
    const decision = await options.limiter.charge(c);
    const response = await yoga.fetch(c.req.raw, {
      auth: c.get('auth'),
      requestId: c.get('requestId'),
      rateLimit: { decision, charge: () => options.limiter.charge(c) },
    });
    for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value);
    response.headers.set('X-Request-Id', c.get('requestId'));
    return response;
  });
}
