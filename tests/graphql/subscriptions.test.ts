import { randomUUID } from 'node:crypto';
import type { Client, FormattedExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../core/accounts/account.js';
import type { User } from '../../core/users/user.js';
import { startLiveServer, type LiveServer } from '../support/live-server.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let live: LiveServer;
let alice: User;
let bob: User;
let aliceAccount: Account;
let bobAccount: Account;

beforeAll(async () => {
  t = await startTestService();
  live = await startLiveServer(t);
  [alice, bob] = [await t.createUser(), await t.createUser()];
  [aliceAccount, bobAccount] = [await t.openAccount(alice, { deposit: '100' }), await t.openAccount(bob)];
});
afterAll(async () => {
  await live.close();
  await t.close();
});

const TX = `subscription($id: ID!) { transactionCreated(accountId: $id) { id type amount status fromAccount { id } toAccount { id } } }`;
const BALANCE = `subscription($id: ID!) { balanceUpdated(accountId: $id) { accountId newBalance timestamp } }`;

/** Subscribes and resolves with the first `n` results (or the first error result). */
function collect(client: Client, query: string, variables: { id: string }, n: number): { ready: Promise<void>; results: Promise<FormattedExecutionResult<Record<string, unknown>, unknown>[]> } {
  const type = query.includes('balanceUpdated') ? 'balance.updated' : 'transaction.created';
  const registered = t.service.events.subscribers(variables.id, type);
  const iterator = client.iterate({ query, variables });
  const results = (async () => {
    const out: FormattedExecutionResult<Record<string, unknown>, unknown>[] = [];
    for await (const result of iterator) {
      out.push(result);
      if (out.length >= n || result.errors) break;
    }
    return out;
  })();
  // Subscriptions are set up asynchronously: ready once the account has one more subscriber.
  const ready = t.eventually(async () => t.service.events.subscribers(variables.id, type), (count) => count > registered).then(() => undefined);
  return { ready, results };
}

const bearer = async (user: User) => `Bearer ${await t.token(user.id, user.role)}`;

describe('subscriptions over graphql-transport-ws', () => {
  it('delivers transactionCreated and balanceUpdated for a createTransaction to the owner', async () => {
    const client = live.wsClient(await bearer(alice));
    const tx = collect(client, TX, { id: aliceAccount.id }, 1);
    const balance = collect(client, BALANCE, { id: aliceAccount.id }, 1);
    await Promise.all([tx.ready, balance.ready]);
    await t.service.core.accounts.createTransaction({ userId: alice.id, role: 'USER' }, { accountId: aliceAccount.id, amount: '2.50', type: 'WITHDRAWAL' });
    const [txEvent] = await tx.results;
    expect(txEvent!.data).toEqual({
      transactionCreated: { id: expect.stringMatching(/^txn_/), type: 'WITHDRAWAL', amount: '2.50', status: 'COMPLETED', fromAccount: { id: aliceAccount.id }, toAccount: null },
    });
    const [balanceEvent] = await balance.results;
    expect(balanceEvent!.data).toEqual({ balanceUpdated: { accountId: aliceAccount.id, newBalance: '97.50', timestamp: expect.stringMatching(/Z$/) } });
  });

  it('delivers a settled payment to both accounts, the payee too', async () => {
    const payee = collect(live.wsClient(await bearer(bob)), TX, { id: bobAccount.id }, 1);
    await payee.ready;
    await t.as(alice).POST('/api/v1/payments', {
      params: { header: { 'Idempotency-Key': randomUUID() } },
      body: { from: aliceAccount.id, to: bobAccount.id, amount: 5, currency: 'USD' },
    });
    const [event] = await payee.results;
    expect(event!.data).toMatchObject({ transactionCreated: { type: 'PAYMENT', amount: '5.00', toAccount: { id: bobAccount.id } } });
  });

  it('refuses an anonymous subscriber with UNAUTHORIZED and a foreign account with FORBIDDEN', async () => {
    const [anonymous] = await collect(live.wsClient(), TX, { id: aliceAccount.id }, 1).results;
    expect(anonymous!.errors![0]).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHORIZED' } });
    const [foreign] = await collect(live.wsClient(await bearer(bob)), BALANCE, { id: aliceAccount.id }, 1).results;
    expect(foreign!.errors![0]).toMatchObject({ message: 'Access denied', extensions: { code: 'FORBIDDEN' } });
  });

  it('closes a connection whose token is invalid with 4403', async () => {
    const client = live.wsClient('Bearer not-a-token');
    await expect(collect(client, TX, { id: aliceAccount.id }, 1).results).rejects.toMatchObject({ code: 4403 });
  });

  it('leaks nothing across many connect/subscribe/disconnect cycles', async () => {
    const before = t.service.events.stats();
    const token = await bearer(alice);
    for (let i = 0; i < 40; i++) {
      const client = live.wsClient(token);
      const sub = collect(client, BALANCE, { id: aliceAccount.id }, 1);
      await sub.ready;
      await client.dispose();
      await sub.results.catch(() => []);
    }
    await t.eventually(async () => ({ bus: t.service.events.stats(), sockets: live.subscriptions.connections() }), (s) => s.bus.subscribers === before.subscribers && s.sockets <= 1);
    expect(t.service.events.stats()).toEqual(before);
  });
});
