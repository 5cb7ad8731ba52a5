/**
 * Shutdown of the subscription endpoint: every open connection is closed with 1001 (going away),
 * so clients know to reconnect elsewhere, and its subscriptions leave the event bus. Spoken in raw
 * graphql-transport-ws over `ws`, to observe the close frame itself.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startLiveServer, type LiveServer } from '../support/live-server.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let live: LiveServer;

beforeAll(async () => {
  t = await startTestService();
  live = await startLiveServer(t);
});
afterAll(async () => {
  await live.close();
  await t.close();
});

/** The next message on `socket`, parsed. */
async function nextMessage(socket: WebSocket): Promise<{ type: string }> {
  const [data] = (await once(socket, 'message')) as [Buffer];
  return JSON.parse(data.toString()) as { type: string };
}

describe('subscription endpoint shutdown', () => {
  it('closes every connection with 1001 and drops its subscriptions from the event bus', async () => {
    const owner = await t.createUser();
    const account = await t.openAccount(owner);
    const socket = new WebSocket(live.wsUrl, 'graphql-transport-ws');
    await once(socket, 'open');
    socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${await t.token(owner.id, owner.role)}` } }));
    expect((await nextMessage(socket)).type).toBe('connection_ack');
    socket.send(
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: { query: 'subscription($id: ID!) { balanceUpdated(accountId: $id) { newBalance } }', variables: { id: account.id } },
      }),
    );
    await t.eventually(async () => t.service.events.subscribers(account.id, 'balance.updated'), (count) => count === 1);

    const closed = once(socket, 'close') as Promise<[number, Buffer]>;
    await live.subscriptions.close();
    const [code, reason] = await closed;
    expect(code).toBe(1001);
    expect(reason.toString()).toBe('Server shutting down');
    await t.eventually(async () => t.service.events.subscribers(account.id, 'balance.updated'), (count) => count === 0);
    // A second shutdown (signal handler and test teardown alike) waits for the same one.
    await expect(live.subscriptions.close()).resolves.toBeUndefined();
  });
});
