/** SQL for users. Soft-deleted rows (`deleted_at` set) are invisible to every read here. */
import { and, count, eq, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users.js';
import { runListing, type ListParams, type ListResult, type Listing } from '../shared/listing.js';
import type { User, UserSearchField, UserStatus } from './user.js';

const USER_SORT: Listing<UserRow, 'createdAt' | 'updatedAt' | 'lastName' | 'firstName' | 'email'> = {
  fields: {
    createdAt: { column: users.createdAt, type: 'timestamptz', value: (r) => r.createdAt },
    updatedAt: { column: users.updatedAt, type: 'timestamptz', value: (r) => r.updatedAt },
    lastName: { column: users.lastName, type: 'text', value: (r) => r.lastName },
    firstName: { column: users.firstName, type: 'text', value: (r) => r.firstName },
    email: { column: users.email, type: 'text', value: (r) => r.email },
  },
  id: { column: users.id, value: (r) => r.id },
};

const SEARCH_COLUMNS = { name: users.name, email: users.email, firstName: users.firstName, lastName: users.lastName };

/** Filters of a user listing; all optional and combined with AND. */
export interface UserFilter {
  text?: { query: string; fields: readonly UserSearchField[] };
  status?: UserStatus;
  createdAfter?: Date;
}

const toUser = ({ deletedAt: _deleted, ...row }: UserRow): User => row;

/** Escapes LIKE wildcards so the query is matched literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterSql(filter: UserFilter): SQL | undefined {
  return and(
    isNull(users.deletedAt),
    filter.text ? or(...filter.text.fields.map((f) => ilike(SEARCH_COLUMNS[f], likePattern(filter.text!.query)))) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.createdAfter ? gte(users.createdAt, filter.createdAfter) : undefined,
  );
}

/** Data access for users over any executor (database or transaction). */
export function usersRepository(db: Db) {
  // The per-request lookups are built once: Drizzle's query building costs more than the query.
  const byId = db.select().from(users).where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt))).limit(1).prepare('users_by_id');
  const statusById = db
    .select({ status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_status_by_id');

  return {
    async findById(id: string, executor: Executor = db): Promise<User | undefined> {
      const [row] =
        executor === db
          ? await byId.execute({ id })
          : await executor.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
      return row && toUser(row);
    },

    async insert(row: NewUserRow): Promise<User> {
      const [created] = await db.insert(users).values(row).returning();
      return toUser(created!);
    },

    async update(id: string, changes: Partial<NewUserRow>): Promise<User | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning();
      return row && toUser(row);
    },

    async softDelete(id: string): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(users)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Status of a user for authentication; `DELETED` for a soft-deleted row, undefined when absent. */
    async accessStatus(id: string): Promise<UserStatus | 'DELETED' | undefined> {
      const [row] = await statusById.execute({ id });
      if (!row) return undefined;
      return row.deletedAt ? 'DELETED' : row.status;
    },

    async list(filter: UserFilter, params: ListParams): Promise<ListResult<User>> {
      const result = await runListing(USER_SORT, params, filterSql(filter), {
        rows: (where, orderBy, limit, offset) =>
          db.select().from(users).where(where).orderBy(...orderBy).limit(limit).offset(offset),
        count: async (where) => (await db.select({ n: count() }).from(users).where(where))[0]!.n,
      });
      return { ...result, items: result.items.map(toUser) } as ListResult<User>;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
