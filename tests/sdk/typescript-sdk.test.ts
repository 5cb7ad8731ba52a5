/**
 * The generated TypeScript SDK as a user gets it: `npm pack` of generated/sdk/typescript, installed
 * from the tarball into a fresh project under the OS temp dir (its dependencies come from the
 * registry), then driven by a plain ESM script run by `node` against this service listening on a
 * real port; a TypeScript consumer of the installed package must type-check too.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const packageDir = join(root, 'generated/sdk/typescript');

/**
 * The environment of a child process: without what an enclosing `npm test` set for this repository
 * (its prefix, package and lifecycle variables would point a child npm back here) and without the
 * test runner's NODE_OPTIONS. Registry, proxy and CA settings pass through.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const repoSpecific = /^(npm_package_|npm_lifecycle_|npm_config_(local_|global_)?prefix$|npm_command$|init_cwd$|node_options$)/i;
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !repoSpecific.test(k))), ...extra };
}

const SCRIPT = `
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { ConcordApiError, NotFoundError, MeDocument, createConcordClient, paginate, paginatePages, unwrap } from '@concord/sdk';

const client = createConcordClient({ baseUrl: process.env.CONCORD_URL, token: async () => process.env.CONCORD_TOKEN });

const created = unwrap(await client.rest.POST('/api/v1/users', {
  body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper.' + Date.now() + '@example.com' },
}));

const pageSizes = [];
for await (const page of paginatePages(client.rest, '/api/v1/users', { query: { limit: 2 } })) pageSizes.push(page.data.length);
const listed = [];
for await (const user of paginate(client.rest, '/api/v1/users', { query: { limit: 2 } })) listed.push(user.userId);

let notFound = null;
try {
  unwrap(await client.rest.GET('/api/v1/users/{userId}', { params: { path: { userId: 'usr_01m7zbgmarf6f8wwetj04aqws9' } } }));
} catch (err) {
  notFound = {
    isNotFoundError: err instanceof NotFoundError,
    isConcordApiError: err instanceof ConcordApiError,
    name: err.name, kind: err.kind, status: err.status, error: err.error, message: err.message, requestId: err.requestId,
  };
}

const manifest = createRequire(import.meta.url)('@concord/sdk/persisted-operations.json');
const hashes = Object.entries(manifest).map(([hash, text]) => hash === createHash('sha256').update(text).digest('hex'));

console.log(JSON.stringify({
  created: { userId: created.userId, name: created.name, status: created.status },
  pageSizes, listed, notFound,
  manifest: { size: hashes.length, allHashesMatch: hashes.every(Boolean), meHash: MeDocument.__meta__.sha256Hash, meInManifest: MeDocument.__meta__.sha256Hash in manifest },
}));
`;

/** A TypeScript consumer of the installed package: its declarations must type-check (no skipLibCheck). */
const CONSUMER = `
import { createConcordClient, paginate, unwrap, NotFoundError, MeDocument, type components } from '@concord/sdk';
type User = components['schemas']['User'];
export async function listAll(token: string): Promise<User[]> {
  const client = createConcordClient({ baseUrl: 'http://127.0.0.1:3000', token });
  const users: User[] = [];
  for await (const user of paginate(client.rest, '/api/v1/users', { query: { limit: 2 } })) users.push(user);
  const me = await client.graphql.request(MeDocument);
  const id: string | undefined = me.data?.me?.id;
  try {
    unwrap(await client.rest.GET('/api/v1/users/{userId}', { params: { path: { userId: id ?? 'usr_x' } } }));
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
  unwrap(await client.rest.POST('/api/v1/payments', { body: { from: 'acc_1', to: 'acc_2', amount: 1, currency: 'USD' } }));
  return users;
}
`;
const CONSUMER_TSCONFIG = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, lib: ['ES2022', 'DOM'], types: [] },
  files: ['consumer.ts'],
};

describe('TypeScript SDK package (@concord/sdk)', () => {
  let t: TestService;
  let server: Server;
  let baseUrl: string;
  let work: string;

  beforeAll(async () => {
    t = await startTestService();
    server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    if (!server.listening) await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    work = mkdtempSync(join(tmpdir(), 'concord-ts-sdk-'));
  });

  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('installs from its tarball and creates, paginates and reports a typed 404 against the running service', async () => {
    if (!existsSync(join(packageDir, 'package.json'))) {
      throw new Error('generated/sdk/typescript/ is missing: run `npm run codegen`');
    }
    const admin = await t.createUser();
    await t.createUser();
    await t.createUser();
    await t.createUser();
    const token = await t.token(admin.id, 'ADMIN');

    const packed = await run('npm', ['pack', packageDir, '--pack-destination', work, '--json', '--ignore-scripts'], {
      cwd: work,
      env: cleanEnv(),
    });
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'sdk-smoke', private: true, type: 'module' }));
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', app, join(work, filename)],
      { cwd: app, env: cleanEnv() },
    );
    writeFileSync(join(app, 'smoke.mjs'), SCRIPT);
    const { stdout } = await run(process.execPath, ['smoke.mjs'], {
      cwd: app,
      env: cleanEnv({ CONCORD_URL: baseUrl, CONCORD_TOKEN: token }),
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);

    writeFileSync(join(app, 'consumer.ts'), CONSUMER);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const typeErrors = await run(process.execPath, [tsc, '-p', app], { cwd: app }).then(
      () => '',
      (err: { stdout?: string }) => err.stdout || String(err),
    );
    expect(typeErrors).toBe('');

    expect(result.created).toMatchObject({ name: 'Grace Hopper', status: 'ACTIVE' });
    expect(result.created.userId).toMatch(/^usr_/);
    // 5 users (the admin, three fixtures, the one created through the SDK) in pages of 2.
    expect(result.pageSizes).toEqual([2, 2, 1]);
    expect(result.listed).toHaveLength(5);
    expect(new Set(result.listed).size).toBe(5);
    expect(result.listed).toContain(result.created.userId);
    expect(result.listed).toContain(admin.id);
    expect(result.notFound).toMatchObject({
      isNotFoundError: true,
      isConcordApiError: true,
      name: 'NotFoundError',
      kind: 'NOT_FOUND',
      status: 404,
      error: 'Not Found',
    });
    expect(result.notFound.requestId).toEqual(expect.any(String));
    expect(result.manifest).toMatchObject({ allHashesMatch: true, meInManifest: true });
    expect(result.manifest.size).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
