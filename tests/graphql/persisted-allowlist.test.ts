import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedQueries } from '../../app/graphql/persisted-queries.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { codes, postGraphQL } from './client.js';

const MANIFEST = fileURLToPath(new URL('./fixtures/persisted-operations.json', import.meta.url));
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, string>;
const [meHash, meQuery] = Object.entries(manifest).find(([, q]) => q.startsWith('query Me'))!;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const pq = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

describe('allow-list mode', () => {
  let t: TestService;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    t = await startTestService({ GRAPHQL_PERSISTED_QUERIES: 'allowlist', GRAPHQL_PERSISTED_MANIFEST: MANIFEST });
    const user = await t.createUser();
    userId = user.id;
    token = await t.token(user.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a listed operation by its hash', async () => {
    const r = await postGraphQL(t, undefined, { token, extensions: pq(meHash) });
    expect(r.data).toEqual({ me: { id: userId } });
  });

  it('runs a listed operation sent as text with its hash (the SDK’s fallback), or as its exact text', async () => {
    expect((await postGraphQL(t, meQuery, { token, extensions: pq(meHash) })).data).toEqual({ me: { id: userId } });
    expect((await postGraphQL(t, meQuery, { token })).data).toEqual({ me: { id: userId } });
  });

  it('refuses arbitrary query text, even with a matching hash', async () => {
    const arbitrary = '{ me { id name } }';
    for (const extensions of [undefined, pq(sha256(arbitrary))]) {
      const r = await postGraphQL(t, arbitrary, { token, extensions });
      expect(r.data).toBeUndefined();
      expect(r.errors).toEqual([{ message: 'Persisted query not found: this server runs only the operations of its allow-list', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
    }
  });

  it('answers an unlisted hash with PERSISTED_QUERY_NOT_FOUND', async () => {
    const unknown = sha256('query Other { me { id } }');
    const r = await postGraphQL(t, undefined, { token, extensions: pq(unknown) });
    expect(r.errors).toEqual([{ message: `Persisted query not found: ${unknown} is not in the allow-list`, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
  });
});

describe('mode off', () => {
  it('ignores hashes and requires the query text', async () => {
    const t = await startTestService({ GRAPHQL_PERSISTED_QUERIES: 'off' });
    try {
      const r = await postGraphQL(t, undefined, { extensions: pq(sha256('{ __typename }')) });
      expect(codes(r)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
      expect(r.errors![0]!.message).toMatch(/persisted queries are disabled/);
      expect((await postGraphQL(t, '{ __typename }')).data).toEqual({ __typename: 'Query' });
    } finally {
      await t.close();
    }
  });
});

describe('manifest loading', () => {
  it('stops start-up in allow-list mode when the manifest is missing or wrong', () => {
    expect(() => usePersistedQueries({ mode: 'allowlist', manifestPath: '/nonexistent/persisted-operations.json' })).toThrow(/cannot be read/);
    const bad = fileURLToPath(new URL('./fixtures/bad-manifest.json', import.meta.url));
    expect(() => usePersistedQueries({ mode: 'allowlist', manifestPath: bad })).toThrow(/is not the sha256 \(hex\) of its query text/);
  });

  it('does without a manifest in APQ mode', () => {
    expect(() => usePersistedQueries({ mode: 'apq', manifestPath: '/nonexistent/persisted-operations.json' })).not.toThrow();
  });
});
