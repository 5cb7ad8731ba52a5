/**
 * Bearer JWT verification with jose. The algorithm is pinned by configuration (so `alg: none` and
 * algorithm confusion are rejected), `exp` and `sub` are required, `iss`/`aud` are checked when
 * configured, and `role` must be one of the known roles (absent = USER).
 */
import { createRemoteJWKSet, errors, importSPKI, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ROLES, type Actor, type Role } from '../../core/actor.js';
import type { Config } from '../config.js';

/** Why a token was refused; the message is safe to show to the client. */
export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

export type TokenVerifier = (token: string) => Promise<Actor>;

/**
 * Creates a verifier for the configured key material.
 * @example const verify = await createTokenVerifier(config.jwt); const actor = await verify(token);
 */
export async function createTokenVerifier(jwt: Config['jwt']): Promise<TokenVerifier> {
  const key: Uint8Array | CryptoKey | JWTVerifyGetKey = jwt.jwksUrl
    ? createRemoteJWKSet(new URL(jwt.jwksUrl))
    : jwt.publicKey
      ? await importSPKI(jwt.publicKey, jwt.algorithm)
      : new TextEncoder().encode(jwt.secret);
  const options = {
    algorithms: [jwt.algorithm],
    requiredClaims: ['exp', 'sub'],
    ...(jwt.issuer ? { issuer: jwt.issuer } : {}),
    ...(jwt.audience ? { audience: jwt.audience } : {}),
  };

  return async function verifyToken(token: string): Promise<Actor> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key as Uint8Array, options));
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new TokenError('Token expired');
      if (err instanceof errors.JWTClaimValidationFailed) throw new TokenError(`Invalid token: ${err.message}`);
      throw new TokenError('Invalid token');
    }
    const role = payload.role ?? 'USER';
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenError('Invalid token: sub must be a user id');
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
      throw new TokenError(`Invalid token: role must be one of ${ROLES.join(', ')}`);
    }
    return { userId: payload.sub, role: role as Role };
  };
}
