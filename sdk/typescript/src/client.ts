/**
 * The Concord client: `rest` (openapi-fetch typed by the contract) and `graphql` (typed documents),
 * sharing one base URL, one token source and one fetch.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { createGraphQLClient, type GraphQLClient } from './graphql.js';
import { type FetchLike, type RetryOptions, withRetries } from './retry.js';
import type { paths } from './schema.js';

type CreatePaymentPath = paths['/api/v1/payments'];
type CreatePayment = CreatePaymentPath['post'];

/**
 * The contract's `paths`, except that `Idempotency-Key` of POST /api/v1/payments is optional: the
 * client adds one when the caller does not (see `idempotencyMiddleware`).
 */
export type ConcordPaths = Omit<paths, '/api/v1/payments'> & {
  '/api/v1/payments': Omit<CreatePaymentPath, 'post'> & {
    post: Omit<CreatePayment, 'parameters'> & {
      parameters: Omit<CreatePayment['parameters'], 'header'> & {
        header?: Partial<CreatePayment['parameters']['header']>;
      };
    };
  };
};

/** The REST client: openapi-fetch over the contract's paths. */
export type RestClient = Client<ConcordPaths>;

/** A bearer token, or a function returning the current one (called before every request). */
export type TokenSource = string | (() => string | Promise<string>);

export interface ConcordClientOptions {
  /** Where the service runs, e.g. `https://api.concord.example` (no `/api/v1`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` on every REST and GraphQL request. */
  token?: TokenSource;
  /** A custom fetch (tests, proxies, instrumentation); defaults to the global fetch. */
  fetch?: FetchLike;
  /**
   * Retries of retry-safe requests (idempotent methods and payments with their idempotency key) on
   * network errors, 429 and 5xx. Default `{ retries: 2 }`; `false` turns retries off.
   */
  retry?: RetryOptions | false;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** Path of the GraphQL endpoint (default `/graphql`). */
  graphqlPath?: string;
  /** Generates idempotency keys (default `crypto.randomUUID()`). */
  idempotencyKey?: () => string;
}

export interface ConcordClient {
  /** Typed REST client; see openapi-fetch (`GET`, `POST`, … return `{ data, error, response }`). */
  rest: RestClient;
  /** Typed GraphQL caller for the SDK's operations (and any TypedDocumentNode). */
  graphql: GraphQLClient;
  /** The base URL the client was created with, without a trailing slash. */
  baseUrl: string;
}

async function resolveToken(token: TokenSource): Promise<string> {
  return typeof token === 'function' ? token() : token;
}

/** Sends `Authorization: Bearer <token>` unless the request already carries an Authorization header. */
export function authMiddleware(token: TokenSource): Middleware {
  return {
    async onRequest({ request }) {
      if (!request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${await resolveToken(token)}`);
      }
      return request;
    },
  };
}

/**
 * Adds an `Idempotency-Key` to POST /api/v1/payments when the caller did not set one. The key is
 * made once per call; the client's own retries of that call resend it unchanged. To retry a
 * payment yourself (e.g. after a timeout, in a later process), pass your own key in
 * `params.header['Idempotency-Key']` and reuse it.
 */
export function idempotencyMiddleware(generate: () => string = () => globalThis.crypto.randomUUID()): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (request.method === 'POST' && schemaPath === '/api/v1/payments' && !request.headers.has('Idempotency-Key')) {
        request.headers.set('Idempotency-Key', generate());
      }
      return request;
    },
  };
}

/**
 * Creates a client for one Concord service.
 *
 * @example
 * const client = createConcordClient({ baseUrl: 'https://api.concord.example', token: () => session.accessToken });
 * const user = unwrap(await client.rest.GET('/api/v1/users/{userId}', { params: { path: { userId } } }));
 */
export function createConcordClient(options: ConcordClientOptions): ConcordClient {
  if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
    throw new TypeError('createConcordClient: `baseUrl` must be an absolute http(s) URL');
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const baseFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const fetch = options.retry === false ? baseFetch : withRetries(baseFetch, options.retry);

  const rest = createClient<ConcordPaths>({ baseUrl, fetch, headers: options.headers });
  if (options.token !== undefined) rest.use(authMiddleware(options.token));
  rest.use(idempotencyMiddleware(options.idempotencyKey));

  const token = options.token;
  const graphql = createGraphQLClient({
    url: `${baseUrl}${options.graphqlPath ?? '/graphql'}`,
    fetch: baseFetch,
    headers: async () => ({
      ...options.headers,
      ...(token !== undefined ? { Authorization: `Bearer ${await resolveToken(token)}` } : {}),
    }),
  });

  return { rest, graphql, baseUrl };
}
