/**
 * GraphQL subscriptions over WebSockets (`graphql-transport-ws`, graphql-ws) on `/graphql`,
 * sharing the HTTP server.
 *
 * - Authentication: the `connection_init` payload's `Authorization` (or the upgrade request's
 *   header) is resolved like an HTTP bearer token. An invalid or refused token closes the socket
 *   with 4403; no token at all connects anonymously and subscriptions then fail with UNAUTHORIZED.
 * - Each operation gets its own context (fresh loaders, the connection's caller); errors are
 *   mapped exactly as over HTTP.
 * - Keep-alive pings find dead peers; events reach each subscriber through its own bounded queue
 *   (core/events/bus.ts), so one slow client never delays another.
 * - `close()` ends every connection with 1001 (going away) before the process stops.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { execute, subscribe, type ExecutionResult } from 'graphql/index.js';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { EventBus } from '../../core/events/bus.js';
import type { Core } from '../../core/index.js';
import { mergeResolvers, resolverModules } from '../../handlers/graphql/resolvers.js';
import { createGraphQLContext } from '../../handlers/graphql/context.js';
import { createSubscriptionResolvers } from '../../handlers/graphql/subscriptions/resolvers.js';
import type { AccessCache } from '../auth/access-cache.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { createExecutableSchema } from '../graphql/schema.js';
import { mapResultErrors } from '../graphql/errors.js';
import type { Logger } from '../logger.js';
import { resolveAuth, type AuthState } from '../middleware/authenticate.js';

export interface SubscriptionServerOptions {
  server: Server;
  core: Core;
  events: EventBus;
  verifyToken: TokenVerifier;
  accessCache: AccessCache;
  logger: Logger;
  /** Ping interval; a peer that does not answer is dropped. Default 12 s. */
  keepAliveMs?: number;
}

function bearerFrom(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const value = params?.Authorization ?? params?.authorization;
  return typeof value === 'string' ? value : undefined;
}

const isExecutionResult = (value: unknown): value is ExecutionResult =>
  typeof value === 'object' && value !== null && !(Symbol.asyncIterator in value);

/**
 * Attaches the subscription endpoint to an HTTP server.
 * @example const subscriptions = attachSubscriptionServer({ server, core, events, … }); await subscriptions.close();
 */
export function attachSubscriptionServer(options: SubscriptionServerOptions) {
  const { core, logger } = options;
  const schema = createExecutableSchema(mergeResolvers([...resolverModules, createSubscriptionResolvers(options.events)]));
  const wss = new WebSocketServer({ server: options.server, path: '/graphql' });
  const auths = new WeakMap<object, AuthState>();

  const serverCleanup = useServer<Record<string, unknown>, { auth?: AuthState }>(
    {
      schema,
      execute,
      subscribe,
      onConnect: async (ctx) => {
        const header = bearerFrom(ctx.connectionParams) ?? ctx.extra.request.headers.authorization;
        const auth = await resolveAuth(header, options.verifyToken, options.accessCache);
        if (auth.status === 'invalid' || auth.status === 'blocked') {
          logger.info({ reason: auth.reason }, 'subscription connection refused');
          return false;
        }
        auths.set(ctx.extra.socket, auth);
        return true;
      },
      context: (ctx) =>
        createGraphQLContext({ core, auth: auths.get(ctx.extra.socket) ?? { status: 'anonymous', actor: null, reason: 'Authentication required' }, requestId: randomUUID() }),
      // Errors of each event, and of a subscription refused at setup, are mapped like HTTP's.
      onNext: (_ctx, _id, _payload, _args, result) => mapResultErrors(result as ExecutionResult, 'ws', logger),
      onOperation: (_ctx, _id, _payload, _args, result) => (isExecutionResult(result) ? mapResultErrors(result, 'ws', logger) : result),
    },
    wss,
    options.keepAliveMs ?? 12_000,
  );

  let closing: Promise<void> | undefined;
  return {
    /** Open connections (for leak checks and metrics). */
    connections: () => wss.clients.size,
    /** Closes every connection with 1001 and stops the endpoint; later calls share the first. */
    close(): Promise<void> {
      closing ??= (async () => {
        for (const client of wss.clients) client.close(1001, 'Server shutting down');
        await serverCleanup.dispose();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      })();
      return closing;
    },
  };
}

export type SubscriptionServer = ReturnType<typeof attachSubscriptionServer>;
