/**
 * Assembles a running service from a configuration: database (migrated), core, contract, auth and
 * the Hono app. Used by the server entry point, the tests and the benchmark alike.
 */
import type { Hono } from 'hono';
import { createCore, type Core } from '../core/index.js';
import { createEventBus, type EventBus } from '../core/events/bus.js';
import { createWorker, type Worker } from '../core/jobs/worker.js';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/client.js';
import { createApp } from './app.js';
import { createAccessCache, type AccessCache } from './auth/access-cache.js';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier.js';
import { cacheVerifiedTokens } from './auth/verified-tokens.js';
import type { Config } from './config.js';
import type { AppEnv } from './context.js';
import { createLogger, type Logger } from './logger.js';
import { loadRestContract } from './rest/contract.js';

export interface Service {
  app: Hono<AppEnv>;
  core: Core;
  database: DatabaseHandle;
  logger: Logger;
  config: Config;
  /** The background worker (started unless WORKER_ENABLED=false). */
  worker: Worker;
  /** Committed domain events of every instance, for subscriptions. */
  events: EventBus;
  /** Token verification, shared by HTTP and WebSocket connections. */
  auth: { verifyToken: TokenVerifier; accessCache: AccessCache };
  /** Stops the worker, then releases the database. */
  close(): Promise<void>;
}

/**
 * Opens the database, runs migrations and builds the app.
 * @example const service = await createService(loadConfig()); serve({ fetch: service.app.fetch });
 */
export async function createService(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
  hooks: Pick<DatabaseOptions, 'onQuery'> = {},
): Promise<Service> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...hooks });
  try {
    await database.migrate();
    let invalidate = (_userId: string) => {};
    const core = createCore(database.db, {
      users: { onAccessChanged: (id) => invalidate(id) },
      paymentSettleMs: config.paymentSettleMs,
      idempotencyTtlSeconds: config.idempotencyTtlSeconds,
      orderFulfilMs: config.orderFulfilMs,
    });
    const accessCache = createAccessCache((id) => core.users.accessStatus(id), config.authCacheMs);
    invalidate = (id) => accessCache.invalidate(id);
    const [contract, verifier] = await Promise.all([loadRestContract('v1'), createTokenVerifier(config.jwt)]);
    const verifyToken = cacheVerifiedTokens(verifier);
    const app = createApp({ config, logger, database, core, contract, verifyToken, accessCache });
    const worker = createWorker({
      db: database.db,
      listen: (channel, onMessage) => database.listen(channel, onMessage),
      handlers: core.jobs.handlers,
      periodic: core.jobs.periodic,
      logger: logger.child({ component: 'worker' }),
      concurrency: config.worker.concurrency,
      pollMs: config.worker.pollMs,
    });
    if (config.worker.enabled) worker.start();
    const events = await createEventBus(database, logger.child({ component: 'events' }));
    return {
      app,
      core,
      database,
      logger,
      config,
      worker,
      events,
      auth: { verifyToken, accessCache },
      close: async () => {
        await worker.stop();
        await events.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
