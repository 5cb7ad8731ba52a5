import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../core/users/user.js';
import { startLiveServer } from '../support/live-server.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let admin: User;
let adminToken: string;

beforeAll(async () => {
  t = await startTestService();
  admin = await t.createUser({ role: 'ADMIN' });
  adminToken = await t.token(admin.id, 'ADMIN');
});
afterAll(() => t.close());

const get = (path: string, init: RequestInit & { token?: string } = {}) => t.request(path, { token: adminToken, ...init });

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate when the token is missing', async () => {
    const res = await t.request('/api/v1/users');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await res.json()).message).toMatch(/Authentication required/);
  });

  it('rejects an expired token', async () => {
    const expired = await new SignJWT({ role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.service.config.jwt.secret));
    const res = await get('/api/v1/users', { token: expired });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Token expired');
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('rejects alg none, a foreign secret, a token without exp and an unknown role', async () => {
    const secret = new TextEncoder().encode(t.service.config.jwt.secret);
    const tokens = [
      new UnsecuredJWT({ role: 'ADMIN' }).setSubject(admin.id).setExpirationTime('1h').encode(),
      await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.id).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40))),
      await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.id).sign(secret),
      await new SignJWT({ role: 'ROOT' }).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.id).setExpirationTime('1h').sign(secret),
      await new SignJWT({}).setProtectedHeader({ alg: 'HS512' }).setSubject(admin.id).setExpirationTime('1h').sign(secret),
    ];
    for (const token of tokens) expect((await get('/api/v1/users', { token })).status).toBe(401);
  });

  it('rejects a malformed Authorization header', async () => {
    const res = await t.request('/api/v1/users', { headers: { Authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
  });

  it('accepts a valid token whose subject has no user row (identities come from the issuer)', async () => {
    const res = await get('/api/v1/users', { token: await t.token('usr_01m7z9zyfvfev8g04hr93v6800', 'ADMIN') });
    expect(res.status).toBe(200);
  });

  it('does not require a token for health, readiness and the contract', async () => {
    for (const path of ['/health', '/ready', '/api/v1/openapi.json', '/api/v1/openapi.yaml']) {
      expect((await t.request(path)).status, path).toBe(200);
    }
  });
});

describe('routing and negotiation', () => {
  it('answers 405 with Allow for an unsupported method', async () => {
    const res = await get('/api/v1/users', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD');
  });

  it('answers 404 with the error envelope for unknown paths and file extensions', async () => {
    for (const path of ['/api/v1/nothing', `/api/v1/users/${admin.id}.json`, '/api/v1/users.xml', '/api/v2/users']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ status: 404, error: 'Not Found', path });
    }
  });

  it.each(['application/json', 'application/*', '*/*', 'text/html, application/json;q=0.1'])('serves JSON for Accept %s', async (accept) => {
    const res = await get(`/api/v1/users/${admin.id}`, { headers: { Accept: accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 406 listing the supported types for anything else', async () => {
    const res = await get(`/api/v1/users/${admin.id}`, { headers: { Accept: 'application/xml' } });
    expect(res.status).toBe(406);
    const body = await res.json();
    expect(body).toMatchObject({ error: 'Not Acceptable' });
    expect(body.message).toContain('application/json');
  });

  it('serves the contract as YAML and as JSON', async () => {
    const yaml = await t.request('/api/v1/openapi.yaml');
    expect(yaml.headers.get('content-type')).toMatch(/yaml/);
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0$/m);
    const json = await (await t.request('/api/v1/openapi.json')).json();
    expect(json.info.version).toMatch(/^1\.\d+\.\d+$/);
  });

  it('serves the documentation page and its assets from the local install', async () => {
    const page = await t.service.app.request('/docs');
    expect(await page.text()).toContain('/docs/assets/swagger-ui-bundle.js');
    const asset = await t.service.app.request('/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});

describe('request bodies', () => {
  const post = (body: BodyInit, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    get('/api/v1/users', { method: 'POST', body, headers });

  it('answers 400 for malformed JSON', async () => {
    const res = await post('{"firstName": ');
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual([{ field: 'body', message: 'is not valid JSON' }]);
  });

  it('answers 400 for a missing body', async () => {
    const res = await post('');
    expect(res.status).toBe(400);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await post('firstName=a', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await post(JSON.stringify({ firstName: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
  });

  // Over a real socket the Node adapter reads bodies straight from the connection: a declared
  // Content-Length is judged from the header, a chunked body is counted as it streams.
  it('answers 413 over the network for a declared length and for a chunked body', async () => {
    const live = await startLiveServer(t);
    try {
      const send = (body: BodyInit) =>
        fetch(`${live.url}/api/v1/users`, {
          method: 'POST',
          body,
          headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
          duplex: 'half',
        } as RequestInit);
      const oversized = JSON.stringify({ firstName: 'x'.repeat(1024 * 1024 + 10) });
      expect((await send(oversized)).status).toBe(413);
      const chunked = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode(oversized.slice(i * 300_000, (i + 1) * 300_000)));
          controller.close();
        },
      });
      const refused = await send(chunked);
      expect(refused.status).toBe(413);
      expect((await refused.json()).message).toMatch(/exceeds \d+ bytes/);
      // A body within the limit is read and validated as usual.
      const small = await send(JSON.stringify({ firstName: 'Ada' }));
      expect(small.status).toBe(400);
      expect((await small.json()).details.map((d: { field: string }) => d.field)).toContain('email');
    } finally {
      await live.close();
    }
  });

  it('names query and header fields in validation details', async () => {
    const res = await get('/api/v1/users?size=abc&page=1.5');
    expect(res.status).toBe(400);
    expect((await res.json()).details.map((d: { field: string }) => d.field).sort()).toEqual(['page', 'size']);
  });
});

describe('request ids', () => {
  it('echoes a sane X-Request-Id, in errors too', async () => {
    const ok = await get('/health', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123');
    const err = await t.request('/api/v1/users', { headers: { 'X-Request-Id': 'trace-456' } });
    expect(err.headers.get('x-request-id')).toBe('trace-456');
    expect((await err.json()).requestId).toBe('trace-456');
  });

  it('replaces an unsafe one with a fresh id', async () => {
    const res = await get('/health', { headers: { 'X-Request-Id': 'bad id\u0001<script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a user spends the budget, and counts users apart', async () => {
    const limited = await startTestService({ RATE_LIMIT_USER_PER_MIN: '3', RATE_LIMIT_ANON_PER_MIN: '2' });
    try {
      const a = await limited.createUser({ role: 'ADMIN' });
      const b = await limited.createUser({ role: 'ADMIN' });
      const [ta, tb] = await Promise.all([limited.token(a.id, 'ADMIN'), limited.token(b.id, 'ADMIN')]);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.request(`/api/v1/users/${a.id}`, { token: ta })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.request(`/api/v1/users/${a.id}`, { token: ta });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-limit')).toBe('3');
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect((await refused.json()).error).toBe('Too Many Requests');
      expect((await limited.request(`/api/v1/users/${b.id}`, { token: tb })).status).toBe(200);
      const anon = [];
      for (let i = 0; i < 3; i++) anon.push((await limited.request('/api/v1/users')).status);
      expect(anon).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('failures', () => {
  it('masks unexpected errors as a bare 500 and reports readiness 503 when the database is gone', async () => {
    const broken = await startTestService();
    const u = await broken.createUser({ role: 'ADMIN' });
    const token = await broken.token(u.id, 'ADMIN');
    await broken.service.database.close();
    const res = await broken.request(`/api/v1/users/${u.id}`, { token, headers: { 'X-Request-Id': 'r-500' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ status: 500, error: 'Internal Server Error', requestId: 'r-500' });
    expect(body.message).toContain('r-500');
    expect(JSON.stringify(body)).not.toMatch(/closed|pglite|postgres|stack|at /i);
    expect((await broken.request('/ready')).status).toBe(503);
    await broken.close().catch(() => {});
  });
});
