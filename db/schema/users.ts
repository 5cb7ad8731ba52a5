/** Users: people who own accounts, orders, payments and report jobs. Soft-deleted with `deleted_at`. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const USER_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export const USER_ROLES = ['USER', 'ADMIN', 'SUPER_ADMIN'] as const;

export interface AddressColumn {
  line1: string;
  line2?: string;
  city: string;
  postalCode?: string;
  country: string;
}

/** Millisecond precision: JavaScript dates and keyset cursors round-trip exactly. */
export const timestampMs = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

const live = sql`deleted_at is null`;

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('ACTIVE'),
    role: text('role', { enum: USER_ROLES }).notNull().default('USER'),
    address: jsonb('address').$type<AddressColumn>(),
    ssn: text('ssn'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
    deletedAt: timestampMs('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_live_key').on(sql`lower(${t.email})`).where(live),
    // One index per allowed sort field, id as tie-breaker, so any sorted first page is an index scan.
    index('users_created_at_id_idx').on(t.createdAt, t.id).where(live),
    index('users_updated_at_id_idx').on(t.updatedAt, t.id).where(live),
    index('users_last_name_id_idx').on(t.lastName, t.id).where(live),
    index('users_first_name_id_idx').on(t.firstName, t.id).where(live),
    index('users_email_id_idx').on(t.email, t.id).where(live),
    // Case-insensitive substring search (ILIKE '%q%') on the default search fields.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
