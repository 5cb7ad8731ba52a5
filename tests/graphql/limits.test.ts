import { createHash } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../core/users/user.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { codes, graphqlClient, send } from './client.js';

let t: TestService;
let gql: ReturnType<typeof graphqlClient>;
let alice: User;
let token: string;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

beforeAll(async () => {
  t = await startTestService({ GRAPHQL_MAX_DEPTH: '6', GRAPHQL_MAX_COST: '500' });
  gql = graphqlClient(t);
  alice = await t.createUser();
  token = await t.token(alice.id);
  await t.openAccount(alice, { deposit: '10' });
});
afterAll(() => t.close());

describe('depth', () => {
  it('rejects a query deeper than the maximum with QUERY_TOO_DEEP, stating both values', async () => {
    const ok = await gql('{ transactions(first: 1) { edges { node { fromAccount { owner { id } } } } } }', { token });
    expect(codes(ok)).toEqual([]);
    const deep = await gql('{ transactions(first: 1) { edges { node { fromAccount { owner { accounts { id } } } } } } }', { token });
    expect(deep.data).toBeUndefined();
    expect(deep.errors).toEqual([{ message: 'Query depth 7 exceeds the maximum depth of 6', extensions: { code: 'QUERY_TOO_DEEP', depth: 7, maxDepth: 6 } }]);
  });

  it('counts fields reached through fragments, spread or inline', async () => {
    const viaFragments = `{ me { ...A } }
      fragment A on User { accounts { ... on Account { owner { ...B } } } }
      fragment B on User { accounts { owner { accounts { id } } } }`;
    const r = await gql(viaFragments, { token });
    expect(codes(r)).toEqual(['QUERY_TOO_DEEP']);
    expect(r.errors![0]!.message).toContain('Query depth 7');
  });

  it('answers 400 to clients that accept application/graphql-response+json', async () => {
    const r = await gql('{ me { accounts { owner { accounts { owner { accounts { id } } } } } } }', { token, accept: 'application/graphql-response+json' });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
  });

  it('lets the standard introspection query through but not a fanned-out one', async () => {
    const r = await gql(getIntrospectionQuery());
    expect(r.errors).toBeUndefined();
    expect(r.data!.__schema.queryType.name).toBe('Query');
    const fan = await gql('{ __schema { types { fields { args { type { fields { name } } } } } } }');
    expect(codes(fan)).toEqual(['QUERY_TOO_DEEP']);
    expect(fan.errors![0]!.message).toBe('Introspection nests 4 lists; at most 3 are allowed');
  });
});

describe('cost', () => {
  it('rejects a query over the ceiling with QUERY_TOO_COMPLEX, stating computed and maximum cost', async () => {
    // me: 1 + accounts (a list without size argument: 20) × transactions (limit 100) × 2 fields
    const r = await gql('{ me { accounts { transactions(limit: 100) { id amount } } } }', { token });
    expect(r.errors).toEqual([
      { message: 'Query complexity 4001 exceeds the maximum complexity of 500', extensions: { code: 'QUERY_TOO_COMPLEX', cost: 4001, maxCost: 500 } },
    ]);
  });

  it('costs the size argument given literally, through a variable, or by its default', async () => {
    const q = 'query ($n: Int) { me { accounts { transactions(limit: $n) { id } } } }';
    expect(codes(await gql(q, { token, variables: { n: 2 } }))).toEqual([]); // 1 + 20 × 2 × 1
    expect(codes(await gql(q, { token }))).toEqual([]); // default 10: 1 + 20 × 10 = 201
    const big = await gql(q, { token, variables: { n: 30 } });
    expect(big.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', cost: 601 });
    // `first` is capped to 100 as the resolver caps it: 100 × (node: 1 + 3) = 400.
    expect(codes(await gql('{ transactions(first: 100000) { edges { node { id amount status } } } }', { token }))).toEqual([]);
  });

  it('counts every alias: aliases cannot bypass the ceiling', async () => {
    const one = 'me { accounts { transactions { id } } }'; // 1 + 20 × 10 = 201
    expect(codes(await gql(`{ a: ${one} b: ${one} }`, { token }))).toEqual([]);
    const three = await gql(`{ a: ${one} b: ${one} c: ${one} }`, { token });
    expect(three.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', cost: 603 });
  });

  it('checks every operation of a batch on its own, and rate-limits each', async () => {
    const body = JSON.stringify([
      { query: '{ me { id } }' },
      { query: '{ a: me { accounts { transactions { id } } } b: me { accounts { transactions { id } } } c: me { accounts { transactions { id } } } }' },
    ]);
    const res = await send(t, 'POST', body, { token });
    expect(res.status).toBe(200);
    const [first, second] = (await res.json()) as Array<{ data?: unknown; errors?: Array<{ extensions: { code: string } }> }>;
    expect(first).toEqual({ data: { me: { id: alice.id } } });
    expect(second!.errors![0]!.extensions.code).toBe('QUERY_TOO_COMPLEX');
    const tooMany = await send(t, 'POST', JSON.stringify(Array.from({ length: 11 }, () => ({ query: '{ __typename }' }))), { token });
    expect(tooMany.status).toBe(413);
  });
});

describe('rate limit', () => {
  it('answers RATE_LIMITED (HTTP 429, Retry-After) once the budget is spent; each batched operation counts', async () => {
    const limited = await startTestService({ RATE_LIMIT_USER_PER_MIN: '4' });
    try {
      const user = await limited.createUser();
      const bearer = await limited.token(user.id);
      const ok = await send(limited, 'POST', JSON.stringify({ query: '{ me { id } }' }), { token: bearer });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-limit')).toBe('4');
      expect(ok.headers.get('ratelimit-remaining')).toBe('3');
      // A batch of three: the request's charge plus two more.
      const batch = await send(limited, 'POST', JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }, { query: '{ __typename }' }]), { token: bearer });
      expect(((await batch.json()) as unknown[]).every((r) => (r as { data?: unknown }).data)).toBe(true);
      const over = await send(limited, 'POST', JSON.stringify({ query: '{ me { id } }' }), { token: bearer });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await over.json()) as { data?: unknown; errors: Array<{ message: string; extensions: Record<string, unknown> }> };
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([{ message: expect.stringMatching(/^Rate limit exceeded; retry after \d+ s$/), extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } }]);
      // REST and GraphQL share the budget.
      expect((await limited.request('/api/v1/accounts', { token: bearer })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('persisted queries (APQ)', () => {
  const query = '{ me { id } }';
  const hash = sha256(query);
  const pq = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, registers hash + query, then runs the hash alone', async () => {
    const unknown = await gql(undefined as never, { token, extensions: pq(hash) });
    expect(unknown.errors).toEqual([{ message: expect.stringMatching(/^Persisted query not found/), extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
    const registered = await gql(query, { token, extensions: pq(hash) });
    expect(registered.data).toEqual({ me: { id: alice.id } });
    const byHash = await gql(undefined as never, { token, extensions: pq(hash) });
    expect(byHash.data).toEqual({ me: { id: alice.id } });
  });

  it('works over GET with the hash in `extensions`', async () => {
    const search = `?extensions=${encodeURIComponent(JSON.stringify(pq(hash)))}`;
    const res = await send(t, 'GET', undefined, { token }, search);
    expect(await res.json()).toEqual({ data: { me: { id: alice.id } } });
  });

  it('refuses a hash that is not the query’s sha256 with BAD_USER_INPUT', async () => {
    const r = await gql('{ __typename }', { extensions: pq(hash), accept: 'application/graphql-response+json' });
    expect(r.status).toBe(400);
    expect(r.errors).toEqual([{ message: 'extensions.persistedQuery.sha256Hash is not the sha256 of the query text', extensions: { code: 'BAD_USER_INPUT' } }]);
    expect(codes(await gql('{ __typename }', { extensions: { persistedQuery: { version: 2, sha256Hash: 'x' } } }))).toEqual(['BAD_USER_INPUT']);
  });

  it('knows the SDK’s operations from its manifest without registration', async () => {
    const manifest = (await import('../../generated/sdk/typescript/persisted-operations.json', { with: { type: 'json' } })).default as Record<string, string>;
    const [meHash] = Object.entries(manifest).find(([, text]) => text.startsWith('query Me'))!;
    const r = await gql(undefined as never, { token, extensions: pq(meHash), operationName: 'Me' });
    expect(r.data!.me).toMatchObject({ id: alice.id });
  });
});
