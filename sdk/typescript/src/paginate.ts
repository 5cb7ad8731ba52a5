/**
 * Async iteration over cursor-paginated collections (SPEC §2.2): requests a page with `limit`,
 * then passes back `pagination.nextCursor` unchanged — with the same filters and sort — until it is
 * null. Cursors are opaque; this module never builds or inspects one.
 */
import type { Client } from 'openapi-fetch';
import { createApiError } from './errors.js';

type GetOperation<Paths, P extends keyof Paths> = Paths[P] extends { get: infer Op } ? Op : never;
type JsonBody<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type CursorItem<B> = B extends { data: Array<infer I>; pagination: unknown } ? I : never;
type Parameters_<Op> = Op extends { parameters: infer P } ? P : never;

/** Paths whose GET can answer the cursor envelope (`{ data, pagination }`). */
export type CursorPaths<Paths> = {
  [P in keyof Paths]: [CursorItem<JsonBody<GetOperation<Paths, P>>>] extends [never] ? never : P;
}[keyof Paths];

/** The item type listed by a cursor path. */
export type ItemOf<Paths, P extends keyof Paths> = CursorItem<JsonBody<GetOperation<Paths, P>>>;

/** A page of the cursor envelope. */
export interface CursorPage<T> {
  data: T[];
  pagination: { nextCursor: string | null; hasMore: boolean; limit: number };
}

type PathOption<Prm> = Prm extends { path: infer X } ? { path: X } : { path?: undefined };

/** Parameters of a paginated call: the query (without `cursor`, `page`, `size`), path parameters, headers. */
export type PaginateParams<Op> = {
  query?: Omit<NonNullable<Parameters_<Op> extends { query?: infer Q } ? Q : never>, 'cursor' | 'page' | 'size'>;
  header?: Parameters_<Op> extends { header?: infer H } ? H : never;
  /** Stops the iteration (the pending request is aborted). */
  signal?: AbortSignal;
} & PathOption<Parameters_<Op>>;

type ParamsArg<Op> = Parameters_<Op> extends { path: unknown } ? [params: PaginateParams<Op>] : [params?: PaginateParams<Op>];

type AnyGet = (
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Default page size when the caller sets no `limit` (the cursor envelope is only sent when `limit` or `cursor` is). */
const DEFAULT_LIMIT = 20;

/**
 * Yields every page of a cursor-paginated collection.
 *
 * @example
 * for await (const page of paginatePages(client.rest, '/api/v1/users', { query: { limit: 100 } })) console.log(page.data.length);
 */
export async function* paginatePages<Paths extends {}, P extends CursorPaths<Paths> & string>(
  client: Client<Paths>,
  path: P,
  ...[params]: ParamsArg<GetOperation<Paths, P>>
): AsyncGenerator<CursorPage<ItemOf<Paths, P>>, void, undefined> {
  const api = client as unknown as { GET: AnyGet };
  const { query = {}, signal, ...rest } = (params ?? {}) as {
    query?: Record<string, unknown>;
    signal?: AbortSignal;
    path?: Record<string, unknown>;
    header?: Record<string, unknown>;
  };
  const baseQuery = { ...query, limit: query.limit ?? DEFAULT_LIMIT };
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const { data, error, response } = await api.GET(path, {
      params: { ...rest, query: cursor === undefined ? baseQuery : { ...baseQuery, cursor } },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw createApiError(response, error);
    if (!isCursorPage(data)) {
      throw new TypeError(`paginate: ${path} did not answer the cursor envelope ({ data, pagination })`);
    }
    yield data as CursorPage<ItemOf<Paths, P>>;
    const next = data.pagination.nextCursor;
    if (next == null || !data.pagination.hasMore) return;
    if (seen.has(next)) throw new Error(`paginate: ${path} returned cursor ${next} twice; stopping`);
    seen.add(next);
    cursor = next;
  } while (true);
}

/**
 * Yields every item of a cursor-paginated collection, fetching pages as the loop advances
 * (breaking out of the loop stops fetching).
 *
 * @example
 * for await (const user of paginate(client.rest, '/api/v1/users', { query: { limit: 50 } })) console.log(user.email);
 */
export async function* paginate<Paths extends {}, P extends CursorPaths<Paths> & string>(
  client: Client<Paths>,
  path: P,
  ...args: ParamsArg<GetOperation<Paths, P>>
): AsyncGenerator<ItemOf<Paths, P>, void, undefined> {
  for await (const page of paginatePages(client, path, ...args)) yield* page.data;
}

function isCursorPage(value: unknown): value is CursorPage<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { data, pagination } = value as { data?: unknown; pagination?: unknown };
  return Array.isArray(data) && typeof pagination === 'object' && pagination !== null;
}
