/**
 * The TypeScript SDK's runtime helpers (sdk/typescript/src), against fake fetches: no server.
 */
import { createHash } from 'node:crypto';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { describe, expect, it } from 'vitest';
import { createConcordClient } from '../../sdk/typescript/src/client.js';
import {
  BadRequestError,
  ConcordApiError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  UnprocessableEntityError,
  createApiError,
  unwrap,
  type ErrorBody,
} from '../../sdk/typescript/src/errors.js';
import { createGraphQLClient, requireData, GraphQLResponseError } from '../../sdk/typescript/src/graphql.js';
import { paginate, paginatePages } from '../../sdk/typescript/src/paginate.js';
import { pollDelay, waitForReport, type ReportJob } from '../../sdk/typescript/src/report-jobs.js';
import { withRetries } from '../../sdk/typescript/src/retry.js';
import { parseRetryAfter } from '../../sdk/typescript/src/sleep.js';

const BASE = 'http://concord.test';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const errorBody = (status: number, error: string, extra: Partial<ErrorBody> = {}): ErrorBody => ({
  timestamp: '2026-11-21T14:03:07.123Z',
  status,
  error,
  message: `${error}: explanation`,
  path: '/api/v1/things',
  requestId: 'req-1',
  ...extra,
});

/** A fetch that records requests and answers from `answer`. */
function fakeFetch(answer: (request: Request, n: number) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request.clone());
    return answer(request, requests.length);
  };
  return { fetch, requests };
}

const noSleep = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

function job(status: ReportJob['status']): ReportJob {
  return {
    jobId: 'job_1',
    status,
    reportType: 'TRANSACTION_SUMMARY',
    year: 2025,
    format: 'CSV',
    createdAt: '2026-11-21T14:03:07.123Z',
    links: { self: '/api/v1/reports/jobs/job_1', cancel: '/api/v1/reports/jobs/job_1/cancel' },
  };
}

describe('waitForReport', () => {
  it('backs off 1, 2, 4, 8 … seconds capped at 30 when the server sends no Retry-After', async () => {
    const { fetch, requests } = fakeFetch((_, n) => json(200, job(n < 9 ? 'PROCESSING' : 'COMPLETED')));
    const { waits, sleep } = noSleep();
    const client = createConcordClient({ baseUrl: BASE, fetch, retry: false });

    const done = await waitForReport(client, 'job_1', { sleep });

    expect(done.status).toBe('COMPLETED');
    expect(requests).toHaveLength(9);
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/reports/jobs/job_1');
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => pollDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('waits what Retry-After says instead, still at most 30 seconds', async () => {
    const retryAfter = ['3', '0', '120'];
    const { fetch } = fakeFetch((_, n) => {
      if (n <= retryAfter.length) return json(200, job('PROCESSING'), { 'Retry-After': retryAfter[n - 1]! });
      return json(200, job(n === 4 ? 'PROCESSING' : 'FAILED'));
    });
    const { waits, sleep } = noSleep();
    const progress: string[] = [];
    const done = await waitForReport(createConcordClient({ baseUrl: BASE, fetch, retry: false }), 'job_1', {
      sleep,
      onProgress: (j, p) => progress.push(`${j.status}:${p.nextPollInMs}`),
    });
    // Retry-After 3 s, 0 s, 120 s (capped to 30 s), then no header: the back-off of the 4th poll.
    expect(waits).toEqual([3000, 0, 30000, 8000]);
    expect(done.status).toBe('FAILED');
    expect(progress).toEqual(['PROCESSING:3000', 'PROCESSING:0', 'PROCESSING:30000', 'PROCESSING:8000', 'FAILED:0']);
  });

  it('stops at CANCELLED and accepts the REST client alone', async () => {
    const { fetch } = fakeFetch(() => json(200, job('CANCELLED')));
    const { waits, sleep } = noSleep();
    const { rest } = createConcordClient({ baseUrl: BASE, fetch, retry: false });
    expect((await waitForReport(rest, 'job_1', { sleep })).status).toBe('CANCELLED');
    expect(waits).toEqual([]);
  });

  it('rejects with the abort reason when the signal aborts during a wait', async () => {
    const { fetch } = fakeFetch(() => json(200, job('PENDING')));
    const controller = new AbortController();
    const wait = waitForReport(createConcordClient({ baseUrl: BASE, fetch, retry: false }), 'job_1', {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('stop polling')),
    });
    await expect(wait).rejects.toThrow('stop polling');
  });

  it('throws the typed error when the job cannot be read', async () => {
    const { fetch } = fakeFetch(() => json(404, errorBody(404, 'Not Found')));
    await expect(waitForReport(createConcordClient({ baseUrl: BASE, fetch, retry: false }), 'job_x')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('paginate', () => {
  const users = Array.from({ length: 5 }, (_, i) => ({ userId: `usr_${i}` }));
  const pages: Record<string, { data: typeof users; next: string | null }> = {
    first: { data: users.slice(0, 2), next: 'c2' },
    c2: { data: users.slice(2, 4), next: 'c4' },
    c4: { data: users.slice(4), next: null },
  };
  const cursorServer = () =>
    fakeFetch((request) => {
      const url = new URL(request.url);
      const page = pages[url.searchParams.get('cursor') ?? 'first']!;
      return json(200, { data: page.data, pagination: { nextCursor: page.next, hasMore: page.next !== null, limit: 2 } });
    });

  it('follows pagination.nextCursor until it is null, keeping the query', async () => {
    const { fetch, requests } = cursorServer();
    const client = createConcordClient({ baseUrl: BASE, fetch });
    const ids: string[] = [];
    for await (const user of paginate(client.rest, '/api/v1/users', { query: { limit: 2, q: 'a' } })) ids.push(user.userId);

    expect(ids).toEqual(users.map((u) => u.userId));
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?limit=2&q=a', '?limit=2&q=a&cursor=c2', '?limit=2&q=a&cursor=c4']);
  });

  it('asks for the cursor envelope (limit 20) when no limit is given, and yields whole pages', async () => {
    const { fetch, requests } = cursorServer();
    const client = createConcordClient({ baseUrl: BASE, fetch });
    const sizes: number[] = [];
    for await (const page of paginatePages(client.rest, '/api/v1/users')) sizes.push(page.data.length);
    expect(sizes).toEqual([2, 2, 1]);
    expect(new URL(requests[0]!.url).searchParams.get('limit')).toBe('20');
  });

  it('fills path parameters and stops fetching when the loop breaks', async () => {
    const { fetch, requests } = cursorServer();
    const client = createConcordClient({ baseUrl: BASE, fetch });
    for await (const transaction of paginate(client.rest, '/api/v1/accounts/{accountId}/transactions', { path: { accountId: 'acc_1' } })) {
      expect(transaction).toBeDefined();
      break;
    }
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/v1/accounts/acc_1/transactions']);
  });

  it('throws the typed error of a failed page, and refuses a page envelope', async () => {
    const failing = fakeFetch(() => json(403, errorBody(403, 'Forbidden')));
    const iterate = async (fetch: (r: Request) => Promise<Response>) => {
      for await (const _ of paginate(createConcordClient({ baseUrl: BASE, fetch }).rest, '/api/v1/users')) void _;
    };
    await expect(iterate(failing.fetch)).rejects.toBeInstanceOf(ForbiddenError);
    const pageEnvelope = fakeFetch(() => json(200, { content: [], page: {}, links: {} }));
    await expect(iterate(pageEnvelope.fetch)).rejects.toThrow(/cursor envelope/);
  });
});

describe('createConcordClient', () => {
  const payment = { from: 'acc_1', to: 'acc_2', amount: 250, currency: 'USD' };
  const created = { paymentId: 'pay_1', ...payment, status: 'PROCESSING', createdAt: '2026-11-21T14:03:07.123Z' };

  it('adds one Idempotency-Key to POST /api/v1/payments and resends it on its own retries', async () => {
    const { fetch, requests } = fakeFetch((_, n) => (n === 1 ? json(503, errorBody(503, 'Service Unavailable')) : json(201, created)));
    const { waits, sleep } = noSleep();
    const client = createConcordClient({ baseUrl: BASE, fetch, retry: { sleep } });

    const result = unwrap(await client.rest.POST('/api/v1/payments', { body: payment }));

    expect(result.paymentId).toBe('pay_1');
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toBe(first);
    expect(await requests[1]!.json()).toEqual(payment);
    expect(waits).toEqual([500]);

    await client.rest.POST('/api/v1/payments', { body: payment });
    expect(requests[2]!.headers.get('Idempotency-Key')).not.toBe(first);
  });

  it("keeps the caller's Idempotency-Key and adds none to other requests", async () => {
    const { fetch, requests } = fakeFetch(() => json(201, created));
    const client = createConcordClient({ baseUrl: BASE, fetch });
    await client.rest.POST('/api/v1/payments', { params: { header: { 'Idempotency-Key': 'my-key-1' } }, body: payment });
    await client.rest.POST('/api/v1/users', { body: { firstName: 'A', lastName: 'B', email: 'a@example.com' } });
    await client.rest.GET('/api/v1/payments/{paymentId}', { params: { path: { paymentId: 'pay_1' } } });
    expect(requests.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['my-key-1', null, null]);
  });

  it('honours Retry-After on 429 and never retries a POST without an idempotency key', async () => {
    const { fetch, requests } = fakeFetch((request, n) =>
      request.method === 'GET' && n === 1 ? json(429, errorBody(429, 'Too Many Requests'), { 'Retry-After': '2' }) : json(503, errorBody(503, 'Service Unavailable')),
    );
    const { waits, sleep } = noSleep();
    const client = createConcordClient({ baseUrl: BASE, fetch, retry: { retries: 3, sleep } });
    const get = await client.rest.GET('/api/v1/users/{userId}', { params: { path: { userId: 'usr_1' } } });
    expect(get.response.status).toBe(503);
    expect(waits).toEqual([2000, 1000, 2000]);
    const before = requests.length;
    const post = await client.rest.POST('/api/v1/users', { body: { firstName: 'A', lastName: 'B', email: 'a@example.com' } });
    expect(post.response.status).toBe(503);
    expect(requests.length - before).toBe(1);
  });

  it('sends the bearer token, resolving a token function per request', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, {}));
    let n = 0;
    const client = createConcordClient({ baseUrl: `${BASE}/`, fetch, token: async () => `t${++n}` });
    await client.rest.GET('/health');
    await client.rest.GET('/health');
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer t1', 'Bearer t2']);
    expect(requests[0]!.url).toBe(`${BASE}/health`);
  });

  it('retries network errors of idempotent requests (withRetries)', async () => {
    let calls = 0;
    const { waits, sleep } = noSleep();
    const fetch = withRetries(
      async () => {
        if (++calls < 3) throw new TypeError('fetch failed');
        return new Response('ok');
      },
      { sleep, minDelayMs: 100 },
    );
    expect(await (await fetch(new Request(`${BASE}/health`))).text()).toBe('ok');
    expect(waits).toEqual([100, 200]);
  });
});

describe('errors', () => {
  it.each([
    [400, 'Bad Request', BadRequestError, 'BAD_REQUEST'],
    [401, 'Unauthorized', UnauthorizedError, 'UNAUTHORIZED'],
    [403, 'Forbidden', ForbiddenError, 'FORBIDDEN'],
    [404, 'Not Found', NotFoundError, 'NOT_FOUND'],
    [409, 'Conflict', ConflictError, 'CONFLICT'],
    [422, 'Unprocessable Entity', UnprocessableEntityError, 'UNPROCESSABLE_ENTITY'],
    [429, 'Too Many Requests', RateLimitError, 'RATE_LIMITED'],
    [503, 'Service Unavailable', ServerError, 'SERVER_ERROR'],
  ] as const)('types a %i Error body', (status, title, Type, kind) => {
    const body = errorBody(status, title);
    const err = createApiError(json(status, body), body);
    expect(err).toBeInstanceOf(Type);
    expect(err).toBeInstanceOf(ConcordApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ kind, status, error: title, message: `${title}: explanation`, requestId: 'req-1', path: '/api/v1/things' });
    expect(err.name).toBe(Type.name);
    expect(err.body).toEqual(body);
  });

  it('exposes the field errors of a 400 and the Retry-After of a 429', () => {
    const details = [{ field: 'amount', message: 'must be > 0' }];
    const bad = createApiError(json(400, {}), errorBody(400, 'Bad Request', { details }));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).fieldErrors).toEqual(details);
    const limited = createApiError(json(429, {}, { 'Retry-After': '7' }), errorBody(429, 'Too Many Requests'));
    expect((limited as RateLimitError).retryAfterSeconds).toBe(7);
  });

  it('wraps a body that is not the contract Error (e.g. from a proxy)', () => {
    const response = new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'X-Request-Id': 'r-9' } });
    const err = createApiError(response, '<html>bad gateway</html>');
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 502, error: 'Bad Gateway', requestId: 'r-9', message: '<html>bad gateway</html>' });
  });

  it('unwrap returns the data of a success and throws the typed error otherwise', async () => {
    const body = errorBody(404, 'Not Found');
    const { fetch } = fakeFetch((request) => (request.url.endsWith('usr_1') ? json(200, { userId: 'usr_1' }) : json(404, body)));
    const { rest } = createConcordClient({ baseUrl: BASE, fetch });
    const user = unwrap(await rest.GET('/api/v1/users/{userId}', { params: { path: { userId: 'usr_1' } } }));
    expect(user.userId).toBe('usr_1');
    const missing = rest.GET('/api/v1/users/{userId}', { params: { path: { userId: 'usr_2' } } }).then(unwrap);
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toMatchObject({ body });
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('5')).toBe(5000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('GraphQL caller', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const meQuery = 'query Me {\n  me {\n    id\n  }\n}';
  // What the client preset emits for an SDK operation: the AST plus the build-time text and hash.
  const MeDocument = {
    __meta__: { sha256Hash: sha256(meQuery), query: meQuery },
    ...parse(meQuery, { noLocation: true }),
  } as unknown as TypedDocumentNode<{ me: { id: string } | null }, { [key: string]: never }>;

  it('sends the hash alone first and the text only after PERSISTED_QUERY_NOT_FOUND', async () => {
    const { fetch, requests } = fakeFetch((_, n) =>
      n === 1
        ? json(404, { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] })
        : json(200, { data: { me: { id: 'usr_1' } } }),
    );
    const client = createConcordClient({ baseUrl: BASE, fetch, token: 'tok' });

    const result = await client.graphql.request(MeDocument);

    expect(requireData(result).me?.id).toBe('usr_1');
    const [first, second] = await Promise.all(requests.map((r) => r.json() as Promise<Record<string, unknown>>));
    expect(requests[0]!.url).toBe(`${BASE}/graphql`);
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(first).toEqual({ operationName: 'Me', extensions: { persistedQuery: { version: 1, sha256Hash: sha256(meQuery) } } });
    expect(second).toEqual({ ...first, query: meQuery });
  });

  it('does not resend when the server knows the hash, and returns errors with partial data', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json(200, { data: { me: null }, errors: [{ message: 'Authentication required', extensions: { code: 'UNAUTHORIZED' } }] }),
    );
    const graphql = createGraphQLClient({ url: `${BASE}/graphql`, fetch });
    const result = await graphql.request(MeDocument);
    expect(requests).toHaveLength(1);
    expect(result.data).toEqual({ me: null });
    expect(() => requireData(result)).toThrow(GraphQLResponseError);
  });

  it('prints and hashes a document built elsewhere (no __meta__)', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { data: { user: null } }));
    const doc = parse('query User($id: ID!) { user(id: $id) { id } }') as TypedDocumentNode<{ user: { id: string } | null }, { id: string }>;
    await createGraphQLClient({ url: `${BASE}/graphql`, fetch, persistedQueries: false }).request(doc, { id: 'usr_1' });
    const body = (await requests[0]!.json()) as { query: string; variables: unknown; extensions: { persistedQuery: { sha256Hash: string } } };
    expect(body.query).toBe('query User($id: ID!) {\n  user(id: $id) {\n    id\n  }\n}');
    expect(body.extensions.persistedQuery.sha256Hash).toBe(sha256(body.query));
    expect(body.variables).toEqual({ id: 'usr_1' });
  });
});
