/**
 * Collection listing shared by every resource: page-based (`page`/`size`) or cursor-based
 * (`limit`/`cursor`) over an allow-listed sort with the id as final tie-breaker.
 *
 * Cursor mode is keyset pagination, never OFFSET: the cursor carries the last row's sort values and
 * id, and the next page is `WHERE (keys) > (cursor)` in the sort's direction, so page N costs the
 * same as page 1 on the matching index.
 */
import { and, asc, desc, type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { InvalidInputError } from '../errors.js';
import { decodeCursor, encodeCursor, type CursorValue } from './cursor.js';
import { parseSort, sortSignature, type SortKey } from './sort.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** What a client may ask of a collection; both pagination styles at once are refused. */
export interface ListParams {
  page?: number;
  size?: number;
  limit?: number;
  cursor?: string;
  sort?: readonly string[];
}

export type ListWindow = { mode: 'page'; page: number; size: number } | { mode: 'cursor'; limit: number; cursor?: string };

export interface PageResult<T> {
  mode: 'page';
  items: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export interface CursorResult<T> {
  mode: 'cursor';
  items: T[];
  nextCursor: string | null;
  hasMore: boolean;
  limit: number;
}

export type ListResult<T> = PageResult<T> | CursorResult<T>;

/**
 * Decides the pagination style and clamps sizes: above 100 is capped, below 1 is invalid.
 * @throws InvalidInputError when page and cursor parameters are mixed or out of range.
 */
export function resolveWindow(p: ListParams): ListWindow {
  const cursorStyle = p.limit !== undefined || p.cursor !== undefined;
  const pageStyle = p.page !== undefined || p.size !== undefined;
  if (cursorStyle && pageStyle) {
    throw new InvalidInputError('Use either page/size or limit/cursor, not both', [
      { field: cursorStyle && p.cursor !== undefined ? 'cursor' : 'limit', message: 'cannot be combined with page/size' },
    ]);
  }
  const clamp = (value: number | undefined, field: string) => {
    if (value === undefined) return DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(value) || value < 1) throw InvalidInputError.field(field, 'must be an integer of at least 1');
    return Math.min(value, MAX_PAGE_SIZE);
  };
  if (cursorStyle) return { mode: 'cursor', limit: clamp(p.limit, 'limit'), cursor: p.cursor };
  const page = p.page ?? 0;
  if (!Number.isInteger(page) || page < 0) throw InvalidInputError.field('page', 'must be an integer of at least 0');
  return { mode: 'page', page, size: clamp(p.size, 'size') };
}

/** How one allow-listed sort field maps to SQL and back to cursor values. */
export interface SortableField<Row> {
  column: AnyColumn | SQL;
  /** SQL type the cursor value is cast to when compared. */
  type: 'timestamptz' | 'text' | 'numeric';
  value: (row: Row) => Date | string | number;
}

/** A resource's listing definition: its sortable fields and how to read the id. */
export interface Listing<Row, F extends string> {
  fields: Record<F, SortableField<Row>>;
  id: { column: AnyColumn; value: (row: Row) => string };
}

/** Queries a repository supplies; `where` already holds filters and ownership. */
export interface ListQueries<Row> {
  rows(where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<Row[]>;
  count(where: SQL | undefined): Promise<number>;
}

/**
 * Runs a listing: parses the sort, applies page or keyset window, counts when page-based.
 * @throws InvalidInputError for an unknown sort field or a bad cursor.
 */
export async function runListing<Row, F extends string>(
  listing: Listing<Row, F>,
  params: ListParams,
  where: SQL | undefined,
  queries: ListQueries<Row>,
): Promise<ListResult<Row>> {
  const window = resolveWindow(params);
  const keys = parseSort(params.sort, Object.keys(listing.fields) as F[]);
  const signature = sortSignature(keys);
  const idDirection = keys[0]!.direction;
  const orderBy = [
    ...keys.map((k) => (k.direction === 'desc' ? desc : asc)(listing.fields[k.field].column as AnyColumn)),
    (idDirection === 'desc' ? desc : asc)(listing.id.column),
  ];

  if (window.mode === 'page') {
    const [items, totalElements] = await Promise.all([
      queries.rows(where, orderBy, window.size, window.page * window.size),
      queries.count(where),
    ]);
    return { mode: 'page', items, page: window.page, size: window.size, totalElements, totalPages: Math.ceil(totalElements / window.size) };
  }

  let condition = where;
  if (window.cursor !== undefined) {
    const position = decodeCursor(window.cursor, signature);
    if (position.values.length !== keys.length) throw InvalidInputError.field('cursor', 'is not a valid cursor');
    condition = and(where, keysetAfter(listing, keys, position.values, position.id, idDirection));
  }
  const fetched = await queries.rows(condition, orderBy, window.limit + 1, 0);
  const hasMore = fetched.length > window.limit;
  const items = hasMore ? fetched.slice(0, window.limit) : fetched;
  const last = items[items.length - 1];
  const nextCursor =
    hasMore && last
      ? encodeCursor(signature, {
          values: keys.map((k) => toCursorValue(listing.fields[k.field].value(last))),
          id: listing.id.value(last),
        })
      : null;
  return { mode: 'cursor', items, nextCursor, hasMore, limit: window.limit };
}

function toCursorValue(v: Date | string | number): CursorValue {
  return v instanceof Date ? v.toISOString() : v;
}

/** `(k1, k2, id) > (v1, v2, id0)` respecting each key's direction. */
function keysetAfter<Row, F extends string>(
  listing: Listing<Row, F>,
  keys: SortKey<F>[],
  values: CursorValue[],
  id: string,
  idDirection: 'asc' | 'desc',
): SQL {
  const terms = [
    ...keys.map((k, i) => {
      const f = listing.fields[k.field];
      return { column: f.column, value: sql`cast(${String(values[i])} as ${sql.raw(f.type)})`, direction: k.direction };
    }),
    { column: listing.id.column, value: sql`${id}`, direction: idDirection },
  ];
  if (terms.every((t) => t.direction === terms[0]!.direction)) {
    // A single row comparison lets PostgreSQL use the (keys…, id) index as a range scan.
    const op = sql.raw(terms[0]!.direction === 'desc' ? '<' : '>');
    return sql`(${sql.join(terms.map((t) => sql`${t.column}`), sql`, `)}) ${op} (${sql.join(terms.map((t) => t.value), sql`, `)})`;
  }
  // Mixed directions: k1 beyond, or k1 equal and k2 beyond, and so on.
  const branches = terms.map((t, i) => {
    const op = sql.raw(t.direction === 'desc' ? '<' : '>');
    const equalities = terms.slice(0, i).map((p) => sql`${p.column} = ${p.value}`);
    return sql.join([...equalities, sql`${t.column} ${op} ${t.value}`], sql` and `);
  });
  return sql`(${sql.join(branches.map((b) => sql`(${b})`), sql` or `)})`;
}
