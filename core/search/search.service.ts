/**
 * One search across users, accounts and transactions: a case-insensitive substring match on
 * users' name and e-mail, accounts' number and transactions' description. It finds only what the
 * caller may see: a USER finds themself, their own accounts and the transactions touching them;
 * administrators find everything. Users come first, then accounts, then transactions, each newest
 * first, at most 100 hits in all; each kind's query asks only for the room left.
 */
import { and, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, transactions, type AccountRow, type TransactionRow } from '../../db/schema/accounts.js';
import { users } from '../../db/schema/users.js';
import { isAdmin, requireActor, type Actor } from '../actor.js';
import type { User } from '../users/user.js';

export const MAX_SEARCH_RESULTS = 100;

export type SearchHit = { kind: 'User'; item: User } | { kind: 'Account'; item: AccountRow } | { kind: 'Transaction'; item: TransactionRow };

/** Escapes LIKE wildcards so the text is matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Creates the search over a database. */
export function searchService(db: Db) {
  return {
    /** Searches for `query` (trimmed; blank finds nothing). */
    async search(actor: Actor | null, query: string): Promise<SearchHit[]> {
      const a = requireActor(actor);
      const text = query.trim();
      if (!text) return [];
      const pattern = contains(text);
      const admin = isAdmin(a);
      const hits: SearchHit[] = [];
      const room = () => MAX_SEARCH_RESULTS - hits.length;

      const userRows = await db
        .select()
        .from(users)
        .where(and(isNull(users.deletedAt), or(ilike(users.name, pattern), ilike(users.email, pattern)), admin ? undefined : eq(users.id, a.userId)))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(room());
      for (const { deletedAt: _deleted, ...user } of userRows) hits.push({ kind: 'User', item: user });

      if (room() > 0) {
        const rows = await db
          .select()
          .from(accounts)
          .where(and(ilike(accounts.accountNumber, pattern), admin ? undefined : eq(accounts.userId, a.userId)))
          .orderBy(desc(accounts.createdAt), desc(accounts.id))
          .limit(room());
        for (const item of rows) hits.push({ kind: 'Account', item });
      }

      if (room() > 0) {
        let own: SQL | undefined;
        if (!admin) {
          const owned = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, a.userId));
          own = or(inArray(transactions.fromAccountId, owned), inArray(transactions.toAccountId, owned));
        }
        const rows = await db
          .select()
          .from(transactions)
          .where(and(ilike(transactions.description, pattern), own))
          .orderBy(desc(transactions.createdAt), desc(transactions.id))
          .limit(room());
        for (const item of rows) hits.push({ kind: 'Transaction', item });
      }
      return hits;
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
