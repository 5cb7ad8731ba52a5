import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from '../../app/config.js';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './.data', paymentSettleMs: 500, idempotencyTtlSeconds: 86400, bodyLimitBytes: 1048576 });
    expect(c.rateLimit).toEqual({ userPerMinute: 600, anonymousPerMinute: 300 });
    expect(c.graphql).toEqual({ maxDepth: 10, maxCost: 1000, persistedQueries: 'apq' });
    expect(c.jwt).toMatchObject({ secret: DEV_JWT_SECRET, secretIsDefault: true, algorithm: 'HS256' });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('parses durations for IDEMPOTENCY_TTL', () => {
    expect(loadConfig({ IDEMPOTENCY_TTL: '2h' }).idempotencyTtlSeconds).toBe(7200);
    expect(loadConfig({ IDEMPOTENCY_TTL: '90' }).idempotencyTtlSeconds).toBe(90);
  });

  it('names every bad variable in one error', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });

  it('refuses an algorithm that does not fit the key material', () => {
    expect(() => loadConfig({ JWT_ALGORITHM: 'RS256' })).toThrow(/does not fit the configured shared secret/);
    expect(() => loadConfig({ JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----x', JWT_JWKS_URL: 'https://idp/jwks' })).toThrow(/mutually exclusive/);
  });

  it('treats empty strings as unset and seeds demo data outside production only', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemoData).toBe(true);
  });
});
