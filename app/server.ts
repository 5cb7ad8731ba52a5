/**
 * Entry point: `node --import tsx app/server.ts` (npm start). Validates configuration, migrates,
 * listens, and on SIGTERM/SIGINT stops accepting, lets in-flight requests finish (up to
 * SHUTDOWN_TIMEOUT_MS), then closes the database.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { seedDemoData } from './seed-demo.js';
import { attachSubscriptionServer } from './subscriptions/websocket-server.js';
import { createService } from './service.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  if (config.jwt.secretIsDefault && config.nodeEnv === 'production' && !config.jwt.publicKey && !config.jwt.jwksUrl) {
    logger.warn('!!! JWT_SECRET is not set: using the PUBLIC DEVELOPMENT SECRET in production. Anyone can mint tokens. Set JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL. !!!');
  }
  const service = await createService(config, logger);
  if (config.seedDemoData) {
    const lines = await seedDemoData(service);
    if (lines) console.log(lines.join('\n'));
  }

  const server = serve({ fetch: service.app.fetch, port: config.port, hostname: config.host }) as Server;
  const subscriptions = attachSubscriptionServer({
    server,
    core: service.core,
    events: service.events,
    ...service.auth,
    logger: logger.child({ component: 'subscriptions' }),
  });
  server.once('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, host: config.host, database: service.database.kind }, `listening on http://${config.host}:${port}`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    await subscriptions.close();
    const force = setTimeout(() => {
      logger.warn('shutdown timeout: closing remaining connections');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    // Connections that finish their in-flight request become idle: close them as they do,
    // instead of waiting out the keep-alive timeout.
    const reaper = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearInterval(reaper);
    await service.close();
    logger.info('stopped');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('fatal: could not start Concord:', err);
  process.exit(1);
});
