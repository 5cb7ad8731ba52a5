/**
 * HTTP composition: the middleware chain and the mounted interfaces. Built from already-created
 * dependencies so that tests call `app.request(...)` on exactly what production serves.
 */
import { Hono } from 'hono';
import type { Core } from '../core/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { restV1Handlers } from '../handlers/rest/v1/index.js';
import type { RestContext } from '../handlers/rest/context.js';
import type { AccessCache } from './auth/access-cache.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import type { Config } from './config.js';
import type { AppEnv } from './context.js';
import { docsRoutes } from './docs.js';
import { mountGraphQL } from './graphql/index.js';
import type { Logger } from './logger.js';
import { accessLog } from './middleware/access-log.js';
import { authenticate } from './middleware/authenticate.js';
import { limitBodySize } from './middleware/body-limit.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { createRateLimiter, rateLimit } from './middleware/rate-limit.js';
import { requestId } from './middleware/request-id.js';
import type { RestContract } from './rest/contract.js';
import { mountOperations } from './rest/dispatcher.js';
import { clientAddress } from './client-address.js';
import { loadLifecycleRegistry, versionLifecycle } from './versioning/index.js';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  core: Core;
  contract: RestContract;
  verifyToken: TokenVerifier;
  accessCache: AccessCache;
}

/** Builds the Hono application. */
export function createApp(deps: AppDependencies): Hono<AppEnv> {
  const { config, logger, core, contract, database } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const limiter = createRateLimiter({ ...config.rateLimit, clientAddress: (c) => clientAddress(c, config.trustProxy) });

  app.use('*', requestId());
  app.use('*', accessLog(logger));
  app.use('/api/*', versionLifecycle(loadLifecycleRegistry(), { now: () => new Date() }));
  app.use('*', limitBodySize(config.bodyLimitBytes));
  app.use('*', authenticate(deps.verifyToken, deps.accessCache));
  app.use('/api/*', rateLimit(limiter));

  const system: RestContext['system'] = {
    databaseUp: () => database.ping().then(() => true, () => false),
    contract: { document: contract.document, yaml: contract.yaml },
  };
  mountOperations<RestContext>(app, contract, restV1Handlers, (c) => ({
    core,
    actor: c.get('auth').actor,
    requestId: c.get('requestId'),
    get url() {
      return new URL(c.req.url);
    },
    system,
  }));
  mountGraphQL(app, { core, logger, config: config.graphql, limiter });
  app.route('/docs', docsRoutes('/api/v1/openapi.json'));

  app.notFound(notFound);
  app.onError(errorHandler(logger));
  return app;
}
