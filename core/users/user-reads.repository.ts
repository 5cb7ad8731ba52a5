/**
 * Batched reads of users by id (one statement per batch) for GraphQL DataLoaders. Soft-deleted
 * users are invisible here as everywhere. No access rule is applied: the caller decides what of a
 * user it shows (public profile for everyone, private fields for `isOwnerOrAdmin`).
 */
import { and, desc, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/users.js';
import type { User } from './user.js';

const toUser = ({ deletedAt: _deleted, ...row }: UserRow): User => row;

/** Creates the batched user reads over a database. */
export function userReadsRepository(db: Db) {
  // Prepared once with an array parameter: building a Drizzle query costs more than running it.
  const byIds = db
    .select()
    .from(users)
    .where(and(sql`${users.id} = any(${sql.placeholder('ids')}::text[])`, isNull(users.deletedAt)))
    .prepare('user_reads_by_ids');
  return {
    /** The live users with these ids (missing or deleted ids are absent), in no particular order. */
    async byIds(ids: readonly string[]): Promise<User[]> {
      return ids.length ? (await byIds.execute({ ids: [...ids] })).map(toUser) : [];
    },

    /** Every live user, newest first (id as tie-breaker). */
    async all(): Promise<User[]> {
      return (await db.select().from(users).where(isNull(users.deletedAt)).orderBy(desc(users.createdAt), desc(users.id))).map(toUser);
    },
  };
}

export type UserReadsRepository = ReturnType<typeof userReadsRepository>;
