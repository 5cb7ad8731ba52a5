/**
 * A service per test file on its own database, plus the generated-SDK client (openapi-fetch over the
 * generated `paths`) wired straight into `app.fetch` with contract checking on every response.
 */
import createClient, { type Client } from 'openapi-fetch';
import { signToken } from '../../app/auth/sign-token.js';
import { loadConfig } from '../../app/config.js';
import { createService, type Service } from '../../app/service.js';
import type { Actor, Role } from '../../core/actor.js';
import type { Account } from '../../core/accounts/account.js';
import type { User, UserCreateInput } from '../../core/users/user.js';
import type { paths } from '../../generated/openapi/v1/schema.js';
import { assertResponseMatchesContract } from './contract-check.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { loadRestContract, type RestContract } from '../../app/rest/contract.js';

export const BASE_URL = 'http://concord.test';
const SYSTEM: Actor = { userId: 'system', role: 'SUPER_ADMIN' };

export interface TestService {
  service: Service;
  contract: RestContract;
  /** SDK client without credentials. */
  client: Client<paths>;
  /** SDK client that sends `Authorization: Bearer` for the given user. */
  as(user: { id: string; role?: Role } | string, role?: Role): Client<paths>;
  token(sub: string, role?: Role, ttl?: string): Promise<string>;
  /** A raw request through the app (for inputs the SDK cannot express), contract-checked. */
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** Every SQL statement the service ran, in order (clear it with `queries.length = 0`). */
  queries: Array<{ query: string; params: unknown[] }>;
  /** Opens an account for `user` through the core, with an optional initial deposit. */
  openAccount(user: User, options?: { type?: 'CHECKING' | 'SAVINGS'; currency?: string; deposit?: string }): Promise<Account>;
  /** Polls until `check` passes or 10 s elapse (for background work). */
  eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean): Promise<T>;
  /** Creates a user directly through the core (fixture setup). */
  createUser(input?: Partial<UserCreateInput>): Promise<User>;
  close(): Promise<void>;
}

let sequence = 0;

/**
 * Starts a service for one test file.
 * @param env extra environment, as the process would read it (e.g. `{ RATE_LIMIT_USER_PER_MIN: '3' }`)
 */
export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const database: TestDatabase = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    RATE_LIMIT_USER_PER_MIN: '100000',
    RATE_LIMIT_ANON_PER_MIN: '100000',
    AUTH_CACHE_MS: '0',
    PAYMENT_SETTLE_MS: '50',
    ORDER_FULFIL_MS: '50',
    WORKER_POLL_MS: '50',
    ...env,
  });
  const queries: TestService['queries'] = [];
  const [service, contract] = await Promise.all([
    createService(config, undefined, { onQuery: (query, params) => queries.push({ query, params }) }),
    loadRestContract('v1'),
  ]);
  const checkedFetch = async (input: Request): Promise<Response> => {
    const method = input.method;
    const url = input.url;
    const response = await service.app.fetch(input);
    await assertResponseMatchesContract(contract, method, url, response);
    return response;
  };
  const tokens = new Map<string, Promise<string>>();
  const token = (sub: string, role: Role = 'USER', ttl = '1h') => signToken(config.jwt, { sub, role, ttl });
  const cachedToken = (sub: string, role: Role) => {
    const key = `${sub}:${role}`;
    if (!tokens.has(key)) tokens.set(key, token(sub, role));
    return tokens.get(key)!;
  };
  const makeClient = (auth?: () => Promise<string>) => {
    const client = createClient<paths>({ baseUrl: BASE_URL, fetch: checkedFetch });
    if (auth) {
      client.use({
        async onRequest({ request }) {
          request.headers.set('Authorization', `Bearer ${await auth()}`);
          return request;
        },
      });
    }
    return client;
  };

  return {
    service,
    contract,
    client: makeClient(),
    queries,
    as(user, role) {
      const sub = typeof user === 'string' ? user : user.id;
      const r = role ?? (typeof user === 'string' ? 'USER' : (user.role ?? 'USER'));
      return makeClient(() => cachedToken(sub, r));
    },
    token,
    async request(path, init = {}) {
      const { token: bearer, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
      return checkedFetch(new Request(`${BASE_URL}${path}`, { ...rest, headers }));
    },
    async createUser(input = {}) {
      const n = ++sequence;
      return service.core.users.create(SYSTEM, {
        firstName: input.firstName ?? `First${n}`,
        lastName: input.lastName ?? `Last${n}`,
        email: input.email ?? `user${n}.${Math.random().toString(36).slice(2, 8)}@example.com`,
        ...input,
      });
    },
    openAccount(user, options = {}) {
      return service.core.accounts.create(
        { userId: user.id, role: user.role },
        { accountType: options.type ?? 'CHECKING', currency: options.currency ?? 'USD', initialDeposit: options.deposit },
      );
    },
    async eventually(probe, check) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const value = await probe();
        if (check(value)) return value;
        if (Date.now() > deadline) throw new Error(`condition not met in 10 s; last value: ${JSON.stringify(value)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await service.close();
      await database.drop();
    },
  };
}
