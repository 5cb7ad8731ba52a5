import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';
import { postGraphQL, send } from './client.js';

let t: TestService;
let token: string;

beforeAll(async () => {
  t = await startTestService();
  token = await t.token((await t.createUser()).id);
});
afterAll(() => t.close());

describe('GraphQL over HTTP at /graphql', () => {
  it('answers POST with JSON, with X-Request-Id and RateLimit headers', async () => {
    const r = await postGraphQL(t, '{ __typename }', { headers: { 'x-request-id': 'req-42' } });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ __typename: 'Query' });
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('x-request-id')).toBe('req-42');
    expect(r.headers.get('ratelimit-limit')).toBe('100000');
  });

  it('answers GET with the query in the URL, and refuses a mutation over GET', async () => {
    const get = await send(t, 'GET', undefined, { token }, `?query=${encodeURIComponent('{ me { id } }')}`);
    expect(get.status).toBe(200);
    expect(((await get.json()) as { data: { me: { id: string } } }).data.me.id).toMatch(/^usr_/);
    const mutation = await send(t, 'GET', undefined, { token }, `?query=${encodeURIComponent('mutation { closeAccount(id: "x") { userErrors { code } } }')}`);
    expect(mutation.status).toBe(405);
  });

  it('answers application/graphql-response+json when asked, 405 with Allow for other methods', async () => {
    const r = await postGraphQL(t, '{ __typename }', { accept: 'application/graphql-response+json' });
    expect(r.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    const put = await send(t, 'PUT', '{}');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
  });

  it('serves GraphiQL to browsers without loading anything from another origin', async () => {
    const res = await send(t, 'GET', undefined, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Concord GraphQL');
    // No script, style sheet, icon or frame from elsewhere (yoga's own page loads GraphiQL from unpkg).
    expect(html).not.toMatch(/<(script|link|img|iframe)\b[^>]*\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/unpkg\.com|jsdelivr/i);
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413', async () => {
    const res = await send(t, 'POST', JSON.stringify({ query: `{ __typename }${' '.repeat(1024 * 1024)}` }));
    expect(res.status).toBe(413);
  });

  it('answers malformed JSON with 400 and a GraphQL error body', async () => {
    const res = await send(t, 'POST', '{"query": ', { accept: 'application/graphql-response+json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});

describe('graphql-http audit', () => {
  let server: ServerType;
  let url: string;

  beforeAll(async () => {
    server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes every MUST of the GraphQL-over-HTTP specification', async () => {
    const results = await auditServer({ url });
    const must = results.filter((r) => r.name.startsWith('MUST'));
    const failed = must.filter((r) => r.status !== 'ok').map((r) => `${r.name}: ${(r as { reason?: string }).reason ?? r.status}`);
    const warnings = results.filter((r) => r.status !== 'ok' && !r.name.startsWith('MUST')).map((r) => r.name);
    console.log(`graphql-http audit: ${must.length} MUST (${must.length - failed.length} ok), ${results.length - must.length} SHOULD/MAY (${warnings.length} not met)${warnings.length ? `:\n  ${warnings.join('\n  ')}` : ''}`);
    expect(must.length).toBeGreaterThan(10);
    expect(failed).toEqual([]);
  });
});
