/**
 * A short-lived per-process cache of "may this token subject act?" so that authentication does not
 * cost a query per request. Entries live `ttlMs` (AUTH_CACHE_MS, default 5 s) and are dropped at once
 * when this process changes a user's status; other instances notice within the TTL.
 */
export type AccessStatus = 'ACTIVE' | 'SUSPENDED' | 'CLOSED' | 'DELETED' | undefined;

const MAX_ENTRIES = 50_000;

/** Creates the cache around a loader that asks the database. */
export function createAccessCache(load: (userId: string) => Promise<AccessStatus>, ttlMs: number) {
  const entries = new Map<string, { status: AccessStatus; expires: number }>();
  return {
    async get(userId: string): Promise<AccessStatus> {
      const now = Date.now();
      const hit = entries.get(userId);
      if (hit && hit.expires > now) return hit.status;
      const status = await load(userId);
      if (ttlMs > 0) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(userId, { status, expires: now + ttlMs });
      }
      return status;
    },
    invalidate(userId: string): void {
      entries.delete(userId);
    },
  };
}

export type AccessCache = ReturnType<typeof createAccessCache>;
