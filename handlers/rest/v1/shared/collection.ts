/**
 * Maps a core listing to the contract's envelopes: page-based (SPEC.md §2.1) with navigation links
 * that keep the request's other query parameters, or cursor-based (§2.2).
 */
import type { CursorResult, ListResult, PageResult } from '../../../../core/shared/listing.js';

export interface PageEnvelope<T> {
  content: T[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
  links: { first: string | null; last: string | null; next: string | null; prev: string | null; self: string | null };
}

export interface CursorEnvelope<T> {
  data: T[];
  pagination: { nextCursor: string | null; hasMore: boolean; limit: number };
}

function pageLink(url: URL | undefined, page: number, size: number): string | null {
  if (!url) return null;
  const query = new URLSearchParams(url.search);
  query.set('page', String(page));
  query.set('size', String(size));
  return `${url.pathname}?${query.toString().replace(/%2C/gi, ',')}`;
}

/**
 * The page envelope. `url` is the GET request's URL; body-driven searches pass undefined and get
 * null links (the client re-sends the body with another `page`).
 */
export function toPageEnvelope<T, U>(result: PageResult<T>, map: (item: T) => U, url?: URL): PageEnvelope<U> {
  const lastPage = Math.max(result.totalPages - 1, 0);
  return {
    content: result.items.map(map),
    page: { number: result.page, size: result.size, totalElements: result.totalElements, totalPages: result.totalPages },
    links: {
      first: pageLink(url, 0, result.size),
      last: pageLink(url, lastPage, result.size),
      next: result.page < lastPage ? pageLink(url, result.page + 1, result.size) : null,
      prev: result.page > 0 ? pageLink(url, Math.min(result.page - 1, lastPage), result.size) : null,
      self: pageLink(url, result.page, result.size),
    },
  };
}

/** The cursor envelope. */
export function toCursorEnvelope<T, U>(result: CursorResult<T>, map: (item: T) => U): CursorEnvelope<U> {
  return {
    data: result.items.map(map),
    pagination: { nextCursor: result.nextCursor, hasMore: result.hasMore, limit: result.limit },
  };
}

/** Whichever envelope the listing's mode calls for. */
export function toCollection<T, U>(result: ListResult<T>, map: (item: T) => U, url: URL): PageEnvelope<U> | CursorEnvelope<U> {
  return result.mode === 'page' ? toPageEnvelope(result, map, url) : toCursorEnvelope(result, map);
}
