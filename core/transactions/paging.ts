/**
 * Paging arguments of transaction lists: page sizes (default, cap 100, below 1 refused) and the
 * Relay-style `first`/`after`/`last`/`before` window. The list order is newest first
 * (`createdAt desc, id desc`); a cursor is the opaque, checksummed keyset position of
 * `core/shared/cursor.ts` for that order.
 */
import { InvalidInputError } from '../errors.js';
import { decodeCursor, encodeCursor, type CursorPosition } from '../shared/cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/listing.js';

/** The one order transaction lists use; cursors of another order are refused. */
export const TRANSACTION_ORDER = 'transactions:createdAt,desc';

/**
 * A page size: absent gives `fallback`, above 100 is capped to 100.
 * @throws InvalidInputError naming `field` when the value is below 1.
 */
export function pageSize(value: number | null | undefined, field: string, fallback = DEFAULT_PAGE_SIZE): number {
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || value < 1) throw InvalidInputError.field(field, 'must be an integer of at least 1');
  return Math.min(value, MAX_PAGE_SIZE);
}

/**
 * An offset: absent gives 0.
 * @throws InvalidInputError when the value is below 0.
 */
export function pageOffset(value: number | null | undefined, field = 'offset'): number {
  if (value === undefined || value === null) return 0;
  if (!Number.isInteger(value) || value < 0) throw InvalidInputError.field(field, 'must be an integer of at least 0');
  return value;
}

/** Relay connection arguments as a client sends them. */
export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** What a connection query fetches: a direction, a size and the keyset bounds. */
export interface ConnectionWindow {
  /** `forward`: from the newest end (after `after`); `backward`: the last items (before `before`). */
  direction: 'forward' | 'backward';
  size: number;
  after?: CursorPosition;
  before?: CursorPosition;
}

/**
 * Resolves connection arguments. `last` selects backward paging (and `first` is then ignored);
 * `before` without `last` truncates a forward page (Relay's algorithm).
 * @throws InvalidInputError when `after` is mixed with `before` or `last`, for a size below 1 and
 * for a cursor that was not issued for this list.
 */
export function connectionWindow(args: ConnectionArgs): ConnectionWindow {
  const after = args.after ?? undefined;
  const before = args.before ?? undefined;
  const last = args.last ?? undefined;
  if (after !== undefined && (before !== undefined || last !== undefined)) {
    throw InvalidInputError.field('after', 'cannot be combined with before or last: page in one direction at a time');
  }
  const window: ConnectionWindow =
    last !== undefined ? { direction: 'backward', size: pageSize(last, 'last') } : { direction: 'forward', size: pageSize(args.first, 'first') };
  if (after !== undefined) window.after = decodePosition(after, 'after');
  if (before !== undefined) window.before = decodePosition(before, 'before');
  return window;
}

function decodePosition(cursor: string, field: string): CursorPosition {
  const position = decodeCursor(cursor, TRANSACTION_ORDER, field);
  if (position.values.length !== 1 || typeof position.values[0] !== 'string' || Number.isNaN(Date.parse(position.values[0]))) {
    throw InvalidInputError.field(field, 'is not a valid cursor');
  }
  return position;
}

/** The cursor of one transaction in the newest-first order. */
export function transactionCursor(row: { createdAt: Date; id: string }): string {
  return encodeCursor(TRANSACTION_ORDER, { values: [row.createdAt.toISOString()], id: row.id });
}
