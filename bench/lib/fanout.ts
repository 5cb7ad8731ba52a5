/**
 * Subscription fan-out: many WebSocket subscribers on one account, a burst of committed balance
 * changes, and the latency from each event's commit (its `timestamp`, set in the writing
 * transaction) to its receipt by each subscriber, plus deliveries per second.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface FanoutResult {
  subscribers: number;
  events: number;
  delivered: number;
  p50: number;
  p99: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** Runs the scenario against a running service. */
export async function measureFanout(options: { url: string; token: string; accountId: string; subscribers: number; events: number }): Promise<FanoutResult> {
  const wsUrl = options.url.replace(/^http/, 'ws') + '/graphql';
  const latencies: number[] = [];
  const clients: Client[] = [];
  let ready = 0;
  let lastReceipt = 0;
  const done = new Promise<void>((resolve) => {
    for (let i = 0; i < options.subscribers; i++) {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { Authorization: `Bearer ${options.token}` } });
      clients.push(client);
      client.subscribe<{ balanceUpdated: { timestamp: string } }>(
        { query: 'subscription($id: ID!) { balanceUpdated(accountId: $id) { newBalance timestamp } }', variables: { id: options.accountId } },
        {
          next: (result) => {
            const now = Date.now();
            latencies.push(now - Date.parse(result.data!.balanceUpdated.timestamp));
            lastReceipt = now;
            if (latencies.length === options.subscribers * options.events) resolve();
          },
          error: () => {},
          complete: () => {},
        },
      );
      client.on('connected', () => ready++);
    }
  });
  while (ready < options.subscribers) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1000)); // subscriptions registered after connection_ack

  const started = Date.now();
  const mutation = 'mutation($input: CreateTransactionInput!) { createTransaction(input: $input) { userErrors { code } } }';
  for (let i = 0; i < options.events; i++) {
    await fetch(`${options.url}/graphql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: mutation, variables: { input: { accountId: options.accountId, amount: '1.00', type: 'DEPOSIT' } } }),
    });
  }
  await Promise.race([done, new Promise((r) => setTimeout(r, 60_000))]);
  await Promise.all(clients.map((c) => c.dispose()));
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    subscribers: options.subscribers,
    events: options.events,
    delivered: latencies.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    perSecond: latencies.length / Math.max((lastReceipt - started) / 1000, 0.001),
  };
}
