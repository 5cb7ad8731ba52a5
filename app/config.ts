/**
 * Configuration from the environment, validated once at start-up. Every variable is optional;
 * a bad value stops the process with a message naming the variable and what it expects.
 */
import { Ajv } from 'ajv';

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  /** Unset: embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Directory of the embedded database, or `memory://`. */
  dataDir: string;
  jwt: {
    secret: string;
    /** True when `secret` is the built-in development default. */
    secretIsDefault: boolean;
    publicKey?: string;
    jwksUrl?: string;
    algorithm: string;
    issuer?: string;
    audience?: string;
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  paymentSettleMs: number;
  idempotencyTtlSeconds: number;
  orderFulfilMs: number;
  worker: { enabled: boolean; concurrency: number; pollMs: number };
  rateLimit: { userPerMinute: number; anonymousPerMinute: number };
  graphql: { maxDepth: number; maxCost: number; persistedQueries: 'apq' | 'allowlist' | 'off'; persistedManifest?: string };
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  authCacheMs: number;
  trustProxy: boolean;
  seedDemoData: boolean;
}

/** The development secret used when `JWT_SECRET` is unset. Never acceptable in production. */
export const DEV_JWT_SECRET = 'concord-development-secret-change-me-0123456789';

const intRange = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });

const envSchema = {
  type: 'object',
  properties: {
    NODE_ENV: { type: 'string', default: 'development' },
    PORT: intRange(0, 65535),
    HOST: { type: 'string', minLength: 1 },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DATA_DIR: { type: 'string', minLength: 1 },
    JWT_SECRET: { type: 'string', minLength: 32 },
    JWT_PUBLIC_KEY: { type: 'string', pattern: '-----BEGIN PUBLIC KEY-----' },
    JWT_JWKS_URL: { type: 'string', pattern: '^https?://' },
    JWT_ALGORITHM: { enum: ['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'] },
    JWT_ISSUER: { type: 'string', minLength: 1 },
    JWT_AUDIENCE: { type: 'string', minLength: 1 },
    LOG_LEVEL: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    PAYMENT_SETTLE_MS: intRange(0, 3_600_000),
    ORDER_FULFIL_MS: intRange(0, 3_600_000),
    WORKER_ENABLED: { enum: ['true', 'false', '1', '0'] },
    WORKER_CONCURRENCY: intRange(1, 64),
    WORKER_POLL_MS: intRange(10, 60_000),
    IDEMPOTENCY_TTL: { type: 'string', pattern: '^\\d+(s|m|h|d)?$' },
    RATE_LIMIT_USER_PER_MIN: intRange(1, 1_000_000),
    RATE_LIMIT_ANON_PER_MIN: intRange(1, 1_000_000),
    GRAPHQL_MAX_DEPTH: intRange(1, 100),
    GRAPHQL_MAX_COST: intRange(1, 10_000_000),
    GRAPHQL_PERSISTED_QUERIES: { enum: ['apq', 'allowlist', 'off'] },
    GRAPHQL_PERSISTED_MANIFEST: { type: 'string', minLength: 1 },
    BODY_LIMIT_BYTES: intRange(1024, 100 * 1024 * 1024),
    SHUTDOWN_TIMEOUT_MS: intRange(0, 600_000),
    AUTH_CACHE_MS: intRange(0, 600_000),
    TRUST_PROXY: { enum: ['true', 'false', '1', '0'] },
    SEED_DEMO_DATA: { enum: ['true', 'false', '1', '0'] },
  },
} as const;

const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true });
const validateEnv = ajv.compile(envSchema);

/** Thrown when the environment holds a value the service cannot run with. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

function parseDuration(value: string): number {
  const m = /^(\d+)([smhd])?$/.exec(value)!;
  return Number(m[1]) * UNIT_SECONDS[(m[2] ?? 's') as keyof typeof UNIT_SECONDS];
}

const truthy = (v: unknown) => v === 'true' || v === '1' || v === true || v === 1;

/**
 * Reads and validates the configuration.
 * @throws ConfigError listing every bad variable.
 * @example const config = loadConfig(process.env);
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Only the variables we know, with empty strings treated as unset.
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  if (!validateEnv(raw)) {
    throw new ConfigError(
      (validateEnv.errors ?? []).map((e) => {
        const name = e.instancePath.replace(/^\//, '');
        return `${name}=${JSON.stringify(env[name])}: ${e.message}`;
      }),
    );
  }
  const v = raw as Record<string, string | number | undefined>;
  const problems: string[] = [];
  const production = v.NODE_ENV === 'production';
  const publicKey = v.JWT_PUBLIC_KEY as string | undefined;
  const jwksUrl = v.JWT_JWKS_URL as string | undefined;
  if (publicKey && jwksUrl) problems.push('JWT_PUBLIC_KEY and JWT_JWKS_URL are mutually exclusive');
  const asymmetric = Boolean(publicKey || jwksUrl);
  const algorithm = (v.JWT_ALGORITHM as string | undefined) ?? (asymmetric ? 'RS256' : 'HS256');
  if (asymmetric === algorithm.startsWith('HS')) {
    problems.push(`JWT_ALGORITHM=${algorithm} does not fit the configured ${asymmetric ? 'public key' : 'shared secret'}`);
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    nodeEnv: String(v.NODE_ENV),
    port: (v.PORT as number | undefined) ?? 3000,
    host: (v.HOST as string | undefined) ?? '127.0.0.1',
    databaseUrl: v.DATABASE_URL as string | undefined,
    dataDir: (v.DATA_DIR as string | undefined) ?? './.data',
    jwt: {
      secret: (v.JWT_SECRET as string | undefined) ?? DEV_JWT_SECRET,
      secretIsDefault: v.JWT_SECRET === undefined,
      publicKey,
      jwksUrl,
      algorithm,
      issuer: v.JWT_ISSUER as string | undefined,
      audience: v.JWT_AUDIENCE as string | undefined,
    },
    logLevel: (v.LOG_LEVEL as Config['logLevel'] | undefined) ?? (v.NODE_ENV === 'test' ? 'silent' : 'info'),
    paymentSettleMs: (v.PAYMENT_SETTLE_MS as number | undefined) ?? 500,
    idempotencyTtlSeconds: v.IDEMPOTENCY_TTL === undefined ? 86400 : parseDuration(String(v.IDEMPOTENCY_TTL)),
    orderFulfilMs: (v.ORDER_FULFIL_MS as number | undefined) ?? 1000,
    worker: {
      enabled: v.WORKER_ENABLED === undefined ? true : truthy(v.WORKER_ENABLED),
      concurrency: (v.WORKER_CONCURRENCY as number | undefined) ?? 4,
      pollMs: (v.WORKER_POLL_MS as number | undefined) ?? 1000,
    },
    rateLimit: {
      userPerMinute: (v.RATE_LIMIT_USER_PER_MIN as number | undefined) ?? 600,
      anonymousPerMinute: (v.RATE_LIMIT_ANON_PER_MIN as number | undefined) ?? 300,
    },
    graphql: {
      maxDepth: (v.GRAPHQL_MAX_DEPTH as number | undefined) ?? 10,
      maxCost: (v.GRAPHQL_MAX_COST as number | undefined) ?? 1000,
      persistedQueries: (v.GRAPHQL_PERSISTED_QUERIES as Config['graphql']['persistedQueries'] | undefined) ?? 'apq',
      persistedManifest: v.GRAPHQL_PERSISTED_MANIFEST as string | undefined,
    },
    bodyLimitBytes: (v.BODY_LIMIT_BYTES as number | undefined) ?? 1024 * 1024,
    shutdownTimeoutMs: (v.SHUTDOWN_TIMEOUT_MS as number | undefined) ?? 10_000,
    authCacheMs: (v.AUTH_CACHE_MS as number | undefined) ?? 5_000,
    trustProxy: truthy(v.TRUST_PROXY),
    seedDemoData: v.SEED_DEMO_DATA === undefined ? !production : truthy(v.SEED_DEMO_DATA),
  };
}
