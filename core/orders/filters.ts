/**
 * Turns the two ways of finding orders — `GET /orders` query parameters and the `POST
 * /orders/search` body (SPEC.md §4.1) — into one filter, with ownership applied: administrators see
 * every order (or one user's), everyone else only their own.
 */
import { isAdmin, type Actor } from '../actor.js';
import { ForbiddenError, Violations } from '../errors.js';
import { parseInstant } from '../shared/time.js';
import type { OrderListQuery, OrderSearchQuery, OrderStatus } from './order.js';

/** What the repository filters on; every member optional and combined with AND. */
export interface OrderFilter {
  userId?: string;
  statuses?: readonly OrderStatus[];
  /** Inclusive bounds on the total, as decimal strings. */
  minTotal?: string;
  maxTotal?: string;
  /** Inclusive. */
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
}

/**
 * The owner whose orders `actor` may see: administrators anyone (undefined = everyone), others only
 * themselves.
 * @throws ForbiddenError when a non-administrator names another user.
 */
export function ownerScope(actor: Actor, userId: string | undefined): string | undefined {
  if (isAdmin(actor)) return userId;
  if (userId !== undefined && userId !== actor.userId) throw new ForbiddenError('Access denied');
  return actor.userId;
}

// Query and body amounts are JSON numbers; their shortest text is exact for the contract's range.
const decimal = (value: number | undefined) => (value === undefined ? undefined : String(value));

function instant(value: string | undefined, field: string, v: Violations): Date | undefined {
  return value === undefined ? undefined : v.catch(field, () => parseInstant(value, field));
}

/**
 * The filter of `GET /orders`.
 * @throws ForbiddenError for another user's `userId`; RuleViolationError for unparseable instants.
 */
export function listFilter(actor: Actor, query: OrderListQuery): OrderFilter {
  const userId = ownerScope(actor, query.userId);
  const v = new Violations();
  const filter: OrderFilter = {
    userId,
    statuses: query.status ? [query.status] : undefined,
    minTotal: decimal(query.minAmount),
    createdFrom: instant(query.createdAfter, 'createdAfter', v),
    createdBefore: instant(query.createdBefore, 'createdBefore', v),
  };
  v.throwIfAny();
  return filter;
}

/**
 * The filter of `POST /orders/search`.
 * @throws ForbiddenError for another user's `filters.userId`; RuleViolationError for unparseable
 * instants or an amount range whose min exceeds its max.
 */
export function searchFilter(actor: Actor, body: OrderSearchQuery): OrderFilter {
  const f = body.filters ?? {};
  const userId = ownerScope(actor, f.userId);
  const v = new Violations();
  const { min, max } = f.amount ?? {};
  if (min !== undefined && max !== undefined && min > max) v.add('filters.amount', 'INVALID', `min (${min}) must not be greater than max (${max})`);
  const filter: OrderFilter = {
    userId,
    statuses: f.status,
    minTotal: decimal(min),
    maxTotal: decimal(max),
    createdFrom: instant(f.createdAt?.after, 'filters.createdAt.after', v),
    createdBefore: instant(f.createdAt?.before, 'filters.createdAt.before', v),
  };
  v.throwIfAny();
  return filter;
}
