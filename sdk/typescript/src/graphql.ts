/**
 * A minimal typed GraphQL-over-HTTP caller with persisted queries.
 *
 * Design note: every request first sends only the operation's hash in
 * `extensions.persistedQuery.sha256Hash` (APQ-compatible). A server in allow-list mode knows the
 * SDK's operations by that hash (persisted-operations.json); an APQ server that has not seen it yet
 * answers PERSISTED_QUERY_NOT_FOUND, and the caller repeats the request once with the query text,
 * which registers it. The hash is sha256 (hex) of the printed document. For the operations shipped
 * with the SDK, the text and hash are computed at build time and carried in the document's
 * `__meta__`, so the hash sent always matches the manifest, whatever `graphql` version the
 * application uses; other documents are printed with `graphql`'s `print` at run time.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import type { FetchLike } from './retry.js';

/** One entry of a GraphQL response's `errors`. */
export interface GraphQLErrorEntry {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: { code?: string; [key: string]: unknown };
}

/** A GraphQL response: `data` may be partial when `errors` is present (a failed nullable field is null). */
export interface GraphQLResult<TData> {
  data?: TData | null;
  errors?: GraphQLErrorEntry[];
  extensions?: Record<string, unknown>;
}

/** What is sent for one document: its text, the sha256 hex of the text, and its operation name. */
export interface PersistedDocument {
  query: string;
  sha256Hash: string;
  operationName: string | undefined;
}

export interface GraphQLClientOptions {
  /** Full URL of the GraphQL endpoint, e.g. `https://api.example.com/graphql`. */
  url: string;
  fetch?: FetchLike;
  /** Headers for every request (e.g. `Authorization`), resolved per request. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /**
   * `true` (default): send the hash first, the text only when the server asks for it.
   * `false`: always send the text (and the hash).
   */
  persistedQueries?: boolean;
}

export interface GraphQLRequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type VariablesArgs<TVariables> =
  TVariables extends Record<string, never>
    ? [variables?: TVariables, options?: GraphQLRequestOptions]
    : [variables: TVariables, options?: GraphQLRequestOptions];

export interface GraphQLClient {
  /**
   * Executes a query or mutation and returns the GraphQL result (`data`, `errors`). Throws
   * `GraphQLRequestError` only when the server did not answer with a GraphQL response.
   *
   * @example
   * import { MeDocument } from '@concord/sdk';
   * const { data } = await client.graphql.request(MeDocument);
   */
  request<TData, TVariables extends Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVariables>,
    ...args: VariablesArgs<TVariables>
  ): Promise<GraphQLResult<TData>>;
}

/** The server did not answer with a GraphQL response (network-level or non-JSON failure). */
export class GraphQLRequestError extends Error {
  override name = 'GraphQLRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
  }
}

/** Thrown by `requireData` when a GraphQL response carries errors. */
export class GraphQLResponseError extends Error {
  override name = 'GraphQLResponseError';
  constructor(
    readonly errors: GraphQLErrorEntry[],
    readonly data: unknown,
  ) {
    super(errors.map((e) => e.message).join('; ') || 'GraphQL request failed');
  }
}

/** The `code` of the first error, if any (`UNAUTHORIZED`, `FORBIDDEN`, `NOT_FOUND`, …). */
export function errorCode(result: GraphQLResult<unknown>): string | undefined {
  return result.errors?.find((e) => typeof e.extensions?.code === 'string')?.extensions?.code;
}

/**
 * Returns `data` when the response has no errors; otherwise throws `GraphQLResponseError`.
 * Use it when partial data is of no use to the caller.
 */
export function requireData<TData>(result: GraphQLResult<TData>): TData {
  if (result.errors?.length || result.data == null) {
    throw new GraphQLResponseError(result.errors ?? [{ message: 'No data in the GraphQL response' }], result.data);
  }
  return result.data;
}

interface DocumentMeta {
  query?: unknown;
  sha256Hash?: unknown;
}

const cache = new WeakMap<object, Promise<PersistedDocument>>();

/** The text, hash and operation name sent for a document (computed once per document). */
export function persistedDocument(document: DocumentNode): Promise<PersistedDocument> {
  let entry = cache.get(document);
  if (!entry) {
    entry = describe(document);
    cache.set(document, entry);
  }
  return entry;
}

async function describe(document: DocumentNode): Promise<PersistedDocument> {
  const operationName = document.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;
  const meta = (document as { __meta__?: DocumentMeta }).__meta__;
  if (typeof meta?.query === 'string' && typeof meta.sha256Hash === 'string') {
    return { query: meta.query, sha256Hash: meta.sha256Hash, operationName };
  }
  // A document built elsewhere: print it here (graphql is a peer dependency, loaded only for this).
  const { print } = await import('graphql');
  const query = print(document);
  return { query, sha256Hash: await sha256Hex(query), operationName };
}

/** sha256 of a UTF-8 string, as lower-case hex (Web Crypto: Node ≥ 20 and browsers). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function isPersistedQueryNotFound(result: GraphQLResult<unknown>): boolean {
  return (
    result.errors?.some(
      (e) =>
        e.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND' ||
        e.message === 'PersistedQueryNotFound' ||
        e.message === 'PersistedQueryNotSupported',
    ) ?? false
  );
}

/** Creates a GraphQL caller; `createConcordClient` makes one for you as `client.graphql`. */
export function createGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  const fetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const persisted = options.persistedQueries ?? true;

  async function post(body: Record<string, unknown>, extra: GraphQLRequestOptions): Promise<GraphQLResult<unknown>> {
    const headers = new Headers({
      'Content-Type': 'application/json',
      Accept: 'application/graphql-response+json, application/json',
    });
    for (const [name, value] of Object.entries((await options.headers?.()) ?? {})) headers.set(name, value);
    for (const [name, value] of Object.entries(extra.headers ?? {})) headers.set(name, value);
    const response = await fetch(
      new Request(options.url, { method: 'POST', headers, body: JSON.stringify(body), signal: extra.signal ?? null }),
    );
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new GraphQLRequestError(`GraphQL endpoint answered ${response.status} without JSON`, response.status, text);
    }
    if (typeof parsed !== 'object' || parsed === null || !('data' in parsed || 'errors' in parsed)) {
      throw new GraphQLRequestError(`GraphQL endpoint answered ${response.status} without a GraphQL response`, response.status, text);
    }
    return parsed as GraphQLResult<unknown>;
  }

  return {
    async request(document, ...[variables, extra = {}]) {
      const { query, sha256Hash, operationName } = await persistedDocument(document);
      const base = {
        ...(operationName ? { operationName } : {}),
        ...(variables ? { variables } : {}),
        extensions: { persistedQuery: { version: 1, sha256Hash } },
      };
      if (persisted) {
        const result = await post(base, extra);
        if (!isPersistedQueryNotFound(result)) return result as GraphQLResult<never>;
      }
      return (await post({ ...base, query }, extra)) as GraphQLResult<never>;
    },
  };
}
