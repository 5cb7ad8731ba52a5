/**
 * Reads `Authorization: Bearer …` and records who is calling. It never rejects by itself: REST
 * turns a missing or bad token into 401 only for operations the contract secures, and GraphQL runs
 * with an unauthenticated context (SPEC.md §5.2).
 */
import type { MiddlewareHandler } from 'hono';
import type { Actor } from '../../core/actor.js';
import type { AccessCache } from '../auth/access-cache.js';
import { TokenError, type TokenVerifier } from '../auth/token-verifier.js';
import type { AppEnv } from '../context.js';

export type AuthState =
  | { status: 'anonymous'; actor: null; reason: string }
  | { status: 'invalid'; actor: null; reason: string }
  | { status: 'blocked'; actor: null; reason: string }
  | { status: 'authenticated'; actor: Actor };

const ANONYMOUS: AuthState = { status: 'anonymous', actor: null, reason: 'Authentication required: send Authorization: Bearer <token>' };

/**
 * Resolves an `Authorization` header value to an auth state.
 * @example await resolveAuth('Bearer eyJ…', verify, cache)
 */
export async function resolveAuth(header: string | undefined, verify: TokenVerifier, access: AccessCache): Promise<AuthState> {
  if (!header) return ANONYMOUS;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { status: 'invalid', actor: null, reason: 'Invalid Authorization header: expected Bearer <token>' };
  let actor: Actor;
  try {
    actor = await verify(match[1]!);
  } catch (err) {
    if (err instanceof TokenError) return { status: 'invalid', actor: null, reason: err.message };
    throw err;
  }
  const status = await access.get(actor.userId);
  if (status === 'SUSPENDED' || status === 'CLOSED' || status === 'DELETED') {
    return { status: 'blocked', actor: null, reason: `Access denied: user is ${status.toLowerCase()}` };
  }
  return { status: 'authenticated', actor };
}

/** Sets `c.var.auth` for every request. */
export function authenticate(verify: TokenVerifier, access: AccessCache): MiddlewareHandler<AppEnv> {
  return async function authenticateMiddleware(c, next) {
    c.set('auth', await resolveAuth(c.req.header('authorization'), verify, access));
    await next();
  };
}
