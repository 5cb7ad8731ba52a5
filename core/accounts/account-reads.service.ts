/** Whole-list account reads that paged REST listings do not cover: all accounts of one user. */
import type { Db } from '../../db/client.js';
import type { AccountRow } from '../../db/schema/accounts.js';
import { requireActor, requireOwnerOrAdmin, type Actor } from '../actor.js';
import { NotFoundError } from '../errors.js';
import { isIdOf } from '../shared/ids.js';
import { userReadsRepository } from '../users/user-reads.repository.js';
import { accountReadsRepository } from './account-reads.repository.js';

/** Creates the account reads over a database. */
export function accountReadsService(db: Db) {
  const accounts = accountReadsRepository(db);
  const users = userReadsRepository(db);
  return {
    /**
     * Every account of a user, oldest first: the user themself or an administrator.
     * @throws NotFoundError for an unknown user, ForbiddenError (`Access denied`) for anyone else.
     */
    async ofUser(actor: Actor | null, userId: string): Promise<AccountRow[]> {
      const a = requireActor(actor);
      const [user] = isIdOf('user', userId) ? await users.byIds([userId]) : [];
      if (!user) throw new NotFoundError('User', userId);
      requireOwnerOrAdmin(a, userId);
      return accounts.ofUsers([userId]);
    },

    /** Batched reads for per-request loaders; no access rule is applied (the caller decides). */
    batch: {
      byIds: (ids: readonly string[]) => accounts.byIds(ids),
      ofUsers: (userIds: readonly string[]) => accounts.ofUsers(userIds),
    },
  };
}

export type AccountReadsService = ReturnType<typeof accountReadsService>;
