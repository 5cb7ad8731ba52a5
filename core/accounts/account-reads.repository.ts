/**
 * Batched reads of accounts by id and by owner, for callers that collect the ids of a whole
 * response first (GraphQL DataLoaders): one statement per batch, however many ids. They apply no
 * access rule; the caller decides (`isOwnerOrAdmin` of core/actor.ts on the owner).
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, type AccountRow } from '../../db/schema/accounts.js';

/** Creates the batched account reads over a database. */
export function accountReadsRepository(db: Db) {
  // Prepared once with an array parameter: building a Drizzle query costs more than running it.
  const byIds = db.select().from(accounts).where(sql`${accounts.id} = any(${sql.placeholder('ids')}::text[])`).prepare('account_reads_by_ids');
  const ofUsers = db
    .select()
    .from(accounts)
    .where(sql`${accounts.userId} = any(${sql.placeholder('userIds')}::text[])`)
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .prepare('account_reads_of_users');
  return {
    /** The accounts with these ids (missing ids are absent), in no particular order. */
    async byIds(ids: readonly string[]): Promise<AccountRow[]> {
      return ids.length ? byIds.execute({ ids: [...ids] }) : [];
    },

    /** Every account of these users, oldest first (id as tie-breaker). */
    async ofUsers(userIds: readonly string[]): Promise<AccountRow[]> {
      return userIds.length ? ofUsers.execute({ userIds: [...userIds] }) : [];
    },
  };
}

export type AccountReadsRepository = ReturnType<typeof accountReadsRepository>;
