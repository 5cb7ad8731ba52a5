/** Whole-list user reads that paged REST listings do not cover. */
import type { Db } from '../../db/client.js';
import { requireAdmin, type Actor } from '../actor.js';
import type { User } from './user.js';
import { userReadsRepository } from './user-reads.repository.js';

/** Creates the user reads over a database. */
export function userReadsService(db: Db) {
  const users = userReadsRepository(db);
  return {
    /** Every user, newest first. Administrators only. */
    async all(actor: Actor | null): Promise<User[]> {
      requireAdmin(actor);
      return users.all();
    },

    /** Batched reads for per-request loaders; no access rule is applied (the caller decides). */
    batch: {
      byIds: (ids: readonly string[]) => users.byIds(ids),
    },
  };
}

export type UserReadsService = ReturnType<typeof userReadsService>;
