/** Orders: items with prices, a server-computed total, and the PENDING → PROCESSING → COMPLETED life. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { money } from './accounts.js';
import { timestampMs, users } from './users.js';

export const ORDER_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'CANCELLED'] as const;

export interface OrderItemColumn {
  productId: string;
  quantity: number;
  /** Exact decimal as a string. */
  unitPrice: string;
}

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    items: jsonb('items').$type<OrderItemColumn[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    total: money('total').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('PENDING'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('orders_total_positive', sql`${t.total} > 0`),
    index('orders_user_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    index('orders_created_at_id_idx').on(t.createdAt, t.id),
    index('orders_updated_at_id_idx').on(t.updatedAt, t.id),
    index('orders_total_id_idx').on(t.total, t.id),
    index('orders_status_id_idx').on(t.status, t.id),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
