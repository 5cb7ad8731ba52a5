/** The caller's address: the socket peer, or the first `X-Forwarded-For` hop behind a trusted proxy. */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Returns the client address used for anonymous rate limits. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
