/** Issues development/test tokens signed with the configured shared secret (HS*). Not part of the API. */
import { SignJWT } from 'jose';
import type { Role } from '../../core/actor.js';
import type { Config } from '../config.js';

export interface TokenClaims {
  sub: string;
  role?: Role;
  /** Lifetime like `1h`, `15m`, `30d` (jose time span). */
  ttl?: string;
}

/**
 * Signs a token the service accepts.
 * @example await signToken(config.jwt, { sub: 'usr_…', role: 'ADMIN', ttl: '1h' })
 */
export async function signToken(jwt: Config['jwt'], claims: TokenClaims): Promise<string> {
  if (!jwt.algorithm.startsWith('HS')) throw new Error('Tokens can only be signed here with a shared secret (JWT_SECRET)');
  const token = new SignJWT({ role: claims.role ?? 'USER' })
    .setProtectedHeader({ alg: jwt.algorithm, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(claims.ttl ?? '1h');
  if (jwt.issuer) token.setIssuer(jwt.issuer);
  if (jwt.audience) token.setAudience(jwt.audience);
  return token.sign(new TextEncoder().encode(jwt.secret));
}
