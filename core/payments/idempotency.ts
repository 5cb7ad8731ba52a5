/**
 * Idempotency keys, scoped to the caller (one user's key never reveals or blocks another's).
 *
 * The key row is inserted in the same transaction as the payment it creates. A concurrent request
 * with the same key blocks on the primary key until that transaction ends: after a commit it finds
 * the row and replays; after a rollback (the first request was refused) its own insert goes ahead,
 * so a refused request does not use up its key. An expired row is taken over by the upsert.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/payments.js';
import { ConflictError } from '../errors.js';

export type KeyLookup = { state: 'unused' } | { state: 'replay'; paymentId: string };

/** @throws ConflictError when the key was used with another body. */
function judge(row: { fingerprint: string; paymentId: string | null }, print: string, key: string): KeyLookup {
  if (row.fingerprint !== print) {
    throw new ConflictError(
      `Idempotency-Key '${key}' was already used with a different request body; use a new key for a new request`,
      'Idempotency key reused',
    );
  }
  return row.paymentId ? { state: 'replay', paymentId: row.paymentId } : { state: 'unused' };
}

/** A prepared lookup of live keys, without locking (replays are the hot path: built once). */
export function keyFinder(db: Db) {
  const live = db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key')), gt(idempotencyKeys.expiresAt, sql`now()`)))
    .prepare('idempotency_keys_live');
  return async function findKey(userId: string, key: string, print: string): Promise<KeyLookup> {
    const [row] = await live.execute({ userId, key });
    return row ? judge(row, print, key) : { state: 'unused' };
  };
}

/**
 * Claims the key inside `tx`; returns `unused` when this transaction now owns it, or the outcome
 * of the request that owns it.
 */
export async function claimKey(tx: Executor, userId: string, key: string, print: string, ttlSeconds: number): Promise<KeyLookup> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint: print, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint: print, paymentId: null, createdAt: new Date(), expiresAt },
      setWhere: lte(idempotencyKeys.expiresAt, sql`now()`),
    })
    .returning({ userId: idempotencyKeys.userId });
  if (claimed.length > 0) return { state: 'unused' };
  const [row] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return judge(row!, print, key);
}

/** Links the key to the payment it created. */
export async function bindKey(tx: Executor, userId: string, key: string, paymentId: string): Promise<void> {
  await tx.update(idempotencyKeys).set({ paymentId }).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Deletes expired keys; returns how many. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const deleted = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, new Date())).returning({ key: idempotencyKeys.key });
  return deleted.length;
}
