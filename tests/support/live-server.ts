/**
 * A test service listening on a real port (127.0.0.1, random), with the WebSocket subscription
 * endpoint attached, for tests that need a network peer (graphql-ws clients, audits, SDKs).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { attachSubscriptionServer, type SubscriptionServer } from '../../app/subscriptions/websocket-server.js';
import type { TestService } from './test-service.js';

export interface LiveServer {
  url: string;
  wsUrl: string;
  subscriptions: SubscriptionServer;
  /** A graphql-ws client; `authorization` goes into the connection_init payload. */
  wsClient(authorization?: string): Client;
  close(): Promise<void>;
}

/** Listens on a random port for `t`'s app and subscriptions. */
export async function startLiveServer(t: TestService): Promise<LiveServer> {
  const server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const subscriptions = attachSubscriptionServer({
    server,
    core: t.service.core,
    events: t.service.events,
    ...t.service.auth,
    logger: t.service.logger,
  });
  const wsUrl = `ws://127.0.0.1:${port}/graphql`;
  const clients: Client[] = [];
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl,
    subscriptions,
    wsClient(authorization) {
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams: authorization ? { Authorization: authorization } : undefined,
      });
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.dispose()));
      await subscriptions.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
