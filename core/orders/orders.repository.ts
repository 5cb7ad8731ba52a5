/**
 * SQL for orders. Every write that depends on the order's state is a conditional statement
 * (`… WHERE id = ? AND status IN (…)`, plus the owner and the content it was computed from when
 * given), so two concurrent requests can never both win: the loser changes nothing and the service
 * reads the current row to explain why.
 */
import { and, count, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { orders, type OrderRow } from '../../db/schema/orders.js';
import { runListing, type ListParams, type ListResult, type Listing } from '../shared/listing.js';
import type { OrderFilter } from './filters.js';
import type { Order, OrderItem, OrderSortField, OrderStatus } from './order.js';

const ORDER_LISTING: Listing<OrderRow, OrderSortField> = {
  fields: {
    createdAt: { column: orders.createdAt, type: 'timestamptz', value: (r) => r.createdAt },
    updatedAt: { column: orders.updatedAt, type: 'timestamptz', value: (r) => r.updatedAt },
    total: { column: orders.total, type: 'numeric', value: (r) => r.total },
    status: { column: orders.status, type: 'text', value: (r) => r.status },
  },
  id: { column: orders.id, value: (r) => r.id },
};

/** What a conditional write requires of the row besides its id. */
export interface OrderGuard {
  from: readonly OrderStatus[];
  /** Only this owner's order (omitted for administrators and the worker). */
  userId?: string;
  /** The content the change was computed from (optimistic check for PATCH). */
  items?: readonly OrderItem[];
  currency?: string;
}

/** The priced content of an order, written together. */
export type OrderContent = Pick<OrderRow, 'items' | 'itemCount' | 'total' | 'currency'>;
export type OrderChanges = Partial<OrderContent & Pick<OrderRow, 'status'>>;

function guardSql(id: string, guard: OrderGuard): SQL | undefined {
  return and(
    eq(orders.id, id),
    inArray(orders.status, [...guard.from]),
    guard.userId !== undefined ? eq(orders.userId, guard.userId) : undefined,
    guard.items !== undefined ? sql`${orders.items} = ${JSON.stringify(guard.items)}::jsonb` : undefined,
    guard.currency !== undefined ? eq(orders.currency, guard.currency) : undefined,
  );
}

function filterSql(f: OrderFilter): SQL | undefined {
  return and(
    f.userId !== undefined ? eq(orders.userId, f.userId) : undefined,
    f.statuses !== undefined ? inArray(orders.status, [...f.statuses]) : undefined,
    f.minTotal !== undefined ? gte(orders.total, f.minTotal) : undefined,
    f.maxTotal !== undefined ? lte(orders.total, f.maxTotal) : undefined,
    f.createdFrom !== undefined ? gte(orders.createdAt, f.createdFrom) : undefined,
    f.createdBefore !== undefined ? lt(orders.createdAt, f.createdBefore) : undefined,
  );
}

/**
 * Applies `changes` when the row still satisfies `guard`; returns the updated order, or undefined
 * when nothing matched. Usable inside a transaction (confirm, fulfilment).
 */
export async function updateOrderIf(executor: Executor, id: string, guard: OrderGuard, changes: OrderChanges): Promise<Order | undefined> {
  const [row] = await executor
    .update(orders)
    .set({ ...changes, updatedAt: new Date() })
    .where(guardSql(id, guard))
    .returning();
  return row;
}

/** Data access for orders. */
export function ordersRepository(db: Db) {
  const byId = db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).limit(1).prepare('orders_by_id');
  return {
    async findById(id: string): Promise<Order | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },

    async insert(row: typeof orders.$inferInsert): Promise<Order> {
      const [created] = await db.insert(orders).values(row).returning();
      return created!;
    },

    updateIf: (id: string, guard: OrderGuard, changes: OrderChanges, executor: Executor = db) => updateOrderIf(executor, id, guard, changes),

    /** Deletes the order when it satisfies `guard`; false when nothing matched. */
    async deleteIf(id: string, guard: OrderGuard): Promise<boolean> {
      return (await db.delete(orders).where(guardSql(id, guard)).returning({ id: orders.id })).length > 0;
    },

    async list(filter: OrderFilter, params: ListParams): Promise<ListResult<Order>> {
      return runListing(ORDER_LISTING, params, filterSql(filter), {
        rows: (where, orderBy, limit, offset) => db.select().from(orders).where(where).orderBy(...orderBy).limit(limit).offset(offset),
        count: async (where) => (await db.select({ n: count() }).from(orders).where(where))[0]!.n,
      });
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
