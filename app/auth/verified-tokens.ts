/**
 * Remembers tokens that verified, until their own `exp`, so a client that sends the same bearer
 * token on every request pays for one signature check per token, not per request. Only successful
 * verifications are kept; an expired entry is dropped and the token verified again (and refused).
 */
import { decodeJwt } from 'jose';
import type { Actor } from '../../core/actor.js';
import type { TokenVerifier } from './token-verifier.js';

const MAX_ENTRIES = 10_000;

/** Wraps a verifier with a bounded cache keyed by the exact token text. */
export function cacheVerifiedTokens(verify: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  const cache = new Map<string, { actor: Actor; expiresAt: number }>();
  return async function verifyCached(token: string): Promise<Actor> {
    const hit = cache.get(token);
    if (hit && hit.expiresAt > now()) return hit.actor;
    if (hit) cache.delete(token);
    const actor = await verify(token);
    const exp = decodeJwt(token).exp!; // verify() requires exp
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(token, { actor, expiresAt: exp * 1000 });
    return actor;
  };
}
