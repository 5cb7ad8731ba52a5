import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../core/users/user.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let admin: User;
let plain: User;
const LAST_NAMES = ['Zimmer', 'Abbott', 'Miller', 'Miller', 'Baker', 'Young', 'Clark', 'miller', 'Ortiz', 'Evans'];

beforeAll(async () => {
  t = await startTestService();
  admin = await t.createUser({ firstName: 'Root', lastName: 'Admin', email: 'root@admin.test', role: 'ADMIN' });
  plain = await t.createUser({ firstName: 'Plain', lastName: 'User', email: 'plain@user.test' });
  for (const [i, lastName] of LAST_NAMES.entries()) {
    await t.createUser({ firstName: `F${String(i).padStart(2, '0')}`, lastName, email: `p${i}@${i % 2 ? 'odd' : 'even'}.test` });
  }
});
afterAll(() => t.close());

const list = (query: Record<string, unknown>) => t.as(admin).GET('/api/v1/users', { params: { query: query as never } });

/** Follows nextCursor to the end and returns the ids in order. */
async function walk(query: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const { data } = await list({ ...query, ...(cursor ? { cursor } : {}) });
    const page = data as { data: { userId: string }[]; pagination: { nextCursor: string | null; hasMore: boolean } };
    ids.push(...page.data.map((u) => u.userId));
    if (!page.pagination.hasMore) {
      expect(page.pagination.nextCursor).toBeNull();
      return ids;
    }
    cursor = page.pagination.nextCursor!;
  }
  throw new Error('cursor walk did not end');
}

describe('GET /api/v1/users, page-based', () => {
  it('answers the page envelope sorted by createdAt,desc by default', async () => {
    const { data } = await list({});
    const page = data as { content: { createdAt: string }[]; page: Record<string, number>; links: Record<string, string | null> };
    expect(page.page).toEqual({ number: 0, size: 20, totalElements: 12, totalPages: 1 });
    const times = page.content.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.links.prev).toBeNull();
    expect(page.links.next).toBeNull();
  });

  it('links pages, keeping the other query parameters', async () => {
    const { data } = await list({ page: 1, size: 4, sort: ['lastName,asc'] });
    const page = data as { page: Record<string, number>; links: Record<string, string | null> };
    expect(page.page).toEqual({ number: 1, size: 4, totalElements: 12, totalPages: 3 });
    expect(page.links).toMatchObject({
      first: '/api/v1/users?page=0&size=4&sort=lastName,asc',
      prev: '/api/v1/users?page=0&size=4&sort=lastName,asc',
      next: '/api/v1/users?page=2&size=4&sort=lastName,asc',
      last: '/api/v1/users?page=2&size=4&sort=lastName,asc',
    });
  });

  it('caps size above 100 to 100', async () => {
    const { data, response } = await list({ size: 500 });
    expect(response.status).toBe(200);
    expect((data as { page: { size: number } }).page.size).toBe(100);
  });

  it.each([{ size: 0 }, { page: -1 }, { limit: 0 }])('refuses %o with 400', async (query) => {
    const { response } = await list(query);
    expect(response.status).toBe(400);
  });

  it('refuses page and cursor parameters together', async () => {
    const { response, error } = await list({ page: 0, limit: 5 });
    expect(response.status).toBe(400);
    expect(error!.message).toMatch(/either page\/size or limit\/cursor/);
  });

  it('applies several sort parameters in priority order', async () => {
    const { data } = await list({ sort: ['lastName', 'firstName,desc'], size: 100 });
    const rows = (data as { content: { lastName: string; firstName: string }[] }).content;
    // The database's collation decides how last names compare; the order must match it pairwise,
    // and inside one last name the first names must run descending.
    const millers = rows.filter((u) => u.lastName === 'Miller').map((u) => u.firstName);
    expect(millers).toHaveLength(2);
    expect(millers).toEqual([...millers].sort().reverse());
    const byFirstAsc = await list({ sort: ['lastName', 'firstName,asc'], size: 100 });
    const asc = (byFirstAsc.data as { content: { lastName: string; firstName: string }[] }).content.filter((u) => u.lastName === 'Miller').map((u) => u.firstName);
    expect(asc).toEqual([...millers].reverse());
  });

  it('refuses a sort field outside the allow-list and names the allowed ones', async () => {
    const { response, error } = await list({ sort: ['ssn,asc'] });
    expect(response.status).toBe(400);
    expect(error!.message).toContain('createdAt, updatedAt, lastName, firstName, email');
  });

  it('is for administrators only', async () => {
    const { response } = await t.as(plain).GET('/api/v1/users', {});
    expect(response.status).toBe(403);
  });
});

describe('GET /api/v1/users, cursor-based', () => {
  it.each([[['createdAt,desc']], [['lastName,asc']], [['lastName,asc', 'createdAt,desc']], [['email,desc']]])(
    'walks every user exactly once with sort %o',
    async (sort) => {
      const { data } = await list({ sort, size: 100 });
      const expected = (data as { content: { userId: string }[] }).content.map((u) => u.userId);
      const walked = await walk({ sort, limit: 3 });
      expect(walked).toEqual(expected);
      expect(new Set(walked).size).toBe(12);
    },
  );

  it('refuses a tampered cursor with 400', async () => {
    const { data } = await list({ limit: 2 });
    const cursor = (data as { pagination: { nextCursor: string } }).pagination.nextCursor;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    decoded.i = decoded.i.slice(0, -1) + (decoded.i.endsWith('a') ? 'b' : 'a');
    for (const bad of [Buffer.from(JSON.stringify(decoded)).toString('base64url'), cursor.slice(0, -3), 'garbage!']) {
      const { response, error } = await list({ limit: 2, cursor: bad });
      expect(response.status).toBe(400);
      expect(error!.details).toEqual([{ field: 'cursor', message: expect.stringContaining('not a valid cursor') }]);
    }
  });

  it('refuses a cursor issued for another sort', async () => {
    const { data } = await list({ limit: 2, sort: ['lastName'] });
    const cursor = (data as { pagination: { nextCursor: string } }).pagination.nextCursor;
    const { response } = await list({ limit: 2, cursor, sort: ['email'] });
    expect(response.status).toBe(400);
  });

  it('answers an empty data array with hasMore false past the end', async () => {
    const { data } = await list({ limit: 100, q: 'no-such-person' });
    expect(data).toEqual({ data: [], pagination: { nextCursor: null, hasMore: false, limit: 100 } });
  });
});

describe('GET /api/v1/users search', () => {
  const total = async (query: Record<string, unknown>) => ((await list(query)).data as { page: { totalElements: number } }).page.totalElements;

  it('matches name and email case-insensitively by default', async () => {
    expect(await total({ q: 'MILLER' })).toBe(3);
    expect(await total({ q: '@ODD.test' })).toBe(5);
  });

  it('accepts search as a synonym of q, and a blank query lists everyone', async () => {
    expect(await total({ search: 'miller' })).toBe(3);
    expect(await total({ q: '   ' })).toBe(12);
  });

  it('restricts to searchFields given comma-separated or repeated', async () => {
    expect(await total({ q: 'f0', searchFields: ['firstName'] })).toBe(10);
    expect(await total({ q: 'f0', searchFields: ['email'] })).toBe(0);
    expect(await total({ q: 'even', searchFields: ['email,lastName'] })).toBe(5);
    expect(await total({ q: 'even', searchFields: ['email', 'lastName'] })).toBe(5);
  });

  it('treats LIKE wildcards in the query literally', async () => {
    expect(await total({ q: '%' })).toBe(0);
    expect(await total({ q: '_' })).toBe(0);
  });

  it('refuses an unknown search field and lists the allowed ones', async () => {
    const { response, error } = await list({ q: 'x', searchFields: ['ssn'] });
    expect(response.status).toBe(400);
    expect(error!.message).toContain('name, email, firstName, lastName');
  });
});

describe('POST /api/v1/users/search', () => {
  it('filters by text, fields, status and creation date, page-based', async () => {
    const suspended = await t.createUser({ lastName: 'Miller', status: 'SUSPENDED' });
    const { data } = await t.as(admin).POST('/api/v1/users/search', {
      body: { query: 'miller', fields: ['lastName'], filters: { status: 'SUSPENDED', createdAfter: '2000-01-01' }, page: 0, size: 10 },
    });
    expect(data!.content.map((u) => u.userId)).toEqual([suspended.id]);
    expect(data!.page).toMatchObject({ number: 0, size: 10, totalElements: 1 });
  });

  it('returns nothing for a createdAfter in the future', async () => {
    const { data } = await t.as(admin).POST('/api/v1/users/search', { body: { filters: { createdAfter: '2999-01-01T00:00:00Z' } } });
    expect(data!.page.totalElements).toBe(0);
  });
});
