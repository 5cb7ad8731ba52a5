/** The order as the core sees it, and the inputs that place, change or find orders. */
import type { OrderItemColumn, OrderRow } from '../../db/schema/orders.js';
import type { ListParams } from '../shared/listing.js';

export { ORDER_STATUSES } from '../../db/schema/orders.js';

export type Order = OrderRow;
export type OrderStatus = OrderRow['status'];
/** A stored line: `unitPrice` is the canonical decimal string. */
export type OrderItem = OrderItemColumn;

/** A line as a client sends it: `unitPrice` as a JSON number or a decimal string. */
export interface OrderItemInput {
  productId: string;
  quantity: number;
  unitPrice: number | string;
}

export interface OrderCreateInput {
  /** Owner; defaults to the caller, only administrators name someone else. */
  userId?: string;
  items: readonly OrderItemInput[];
  /** Default USD. */
  currency?: string;
}

/** PUT: the complete changeable representation. */
export interface OrderReplaceInput {
  items: readonly OrderItemInput[];
  currency: string;
}

/** PATCH: only what is sent changes. */
export interface OrderPatchInput {
  items?: readonly OrderItemInput[];
  currency?: string;
}

/** `GET /orders` filters (SPEC.md §4.1), all optional and combined with AND. */
export interface OrderListQuery extends ListParams {
  status?: OrderStatus;
  userId?: string;
  minAmount?: number;
  createdAfter?: string;
  createdBefore?: string;
}

/** `POST /orders/search` body (SPEC.md §4.1); always page-based. */
export interface OrderSearchQuery {
  filters?: {
    status?: readonly OrderStatus[];
    amount?: { min?: number; max?: number };
    createdAt?: { after?: string; before?: string };
    userId?: string;
  };
  page?: number;
  size?: number;
  sort?: readonly string[];
}

export const ORDER_SORT_FIELDS = ['createdAt', 'updatedAt', 'total', 'status'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
