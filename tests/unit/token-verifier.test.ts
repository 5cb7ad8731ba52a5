import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../app/auth/sign-token.js';
import { createTokenVerifier } from '../../app/auth/token-verifier.js';
import { loadConfig } from '../../app/config.js';

describe('token verification', () => {
  it('accepts its own tokens and reads sub and role', async () => {
    const { jwt } = loadConfig({ JWT_SECRET: 's'.repeat(32) });
    const verify = await createTokenVerifier(jwt);
    expect(await verify(await signToken(jwt, { sub: 'usr_1', role: 'ADMIN' }))).toEqual({ userId: 'usr_1', role: 'ADMIN' });
  });

  it('checks issuer and audience when configured', async () => {
    const { jwt } = loadConfig({ JWT_ISSUER: 'https://idp', JWT_AUDIENCE: 'concord' });
    const verify = await createTokenVerifier(jwt);
    await expect(verify(await signToken(jwt, { sub: 'usr_1' }))).resolves.toMatchObject({ role: 'USER' });
    const other = loadConfig({}).jwt;
    await expect(verify(await signToken(other, { sub: 'usr_1' }))).rejects.toThrow(/Invalid token/);
  });

  it('verifies RS256 with a public key and refuses an HS256 token signed with that key text', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const pem = await exportSPKI(publicKey);
    const { jwt } = loadConfig({ JWT_PUBLIC_KEY: pem });
    const verify = await createTokenVerifier(jwt);
    const good = await new SignJWT({ role: 'USER' }).setProtectedHeader({ alg: 'RS256' }).setSubject('usr_2').setExpirationTime('5m').sign(privateKey);
    expect(await verify(good)).toEqual({ userId: 'usr_2', role: 'USER' });
    const confused = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('usr_2').setExpirationTime('5m').sign(new TextEncoder().encode(pem));
    await expect(verify(confused)).rejects.toThrow(/Invalid token/);
  });
});
