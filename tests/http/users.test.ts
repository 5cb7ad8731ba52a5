import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../core/users/user.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let admin: User;
let alice: User;

beforeAll(async () => {
  t = await startTestService();
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'ADMIN' });
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Liddell', email: 'alice@example.com' });
});
afterAll(() => t.close());

describe('POST /api/v1/users', () => {
  it('creates a user with 201, a Location header and a computed name', async () => {
    const { data, response } = await t.as(admin).POST('/api/v1/users', {
      body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', address: { line1: '1 Navy Way', city: 'Arlington', country: 'US' } },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/v1/users/${data!.userId}`);
    expect(data).toMatchObject({ name: 'Grace Hopper', status: 'ACTIVE', role: 'USER', address: { city: 'Arlington' } });
    expect(data!.userId).toMatch(/^usr_/);
    expect(data!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses a second user with the same email, whatever its case, with 409', async () => {
    const { error, response } = await t.as(admin).POST('/api/v1/users', {
      body: { firstName: 'A', lastName: 'B', email: 'ALICE@example.com' },
    });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ status: 409, error: 'Conflict' });
    expect(error!.message).toContain('ALICE@example.com');
  });

  it('is for administrators only', async () => {
    const { response } = await t.as(alice).POST('/api/v1/users', { body: { firstName: 'A', lastName: 'B', email: 'x@example.com' } });
    expect(response.status).toBe(403);
  });

  it('does not let an administrator grant a role above their own', async () => {
    const { response } = await t.as(admin).POST('/api/v1/users', {
      body: { firstName: 'S', lastName: 'U', email: 'su@example.com', role: 'SUPER_ADMIN' },
    });
    expect(response.status).toBe(403);
  });

  it('lists every invalid field in details', async () => {
    const res = await t.request('/api/v1/users', {
      method: 'POST',
      token: await t.token(admin.id, 'ADMIN'),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lastName: 7, email: 'not-an-email', extra: true }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    const fields = body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'extra']));
  });
});

describe('GET /api/v1/users/{userId}', () => {
  it('returns the caller itself', async () => {
    const { data } = await t.as(alice).GET('/api/v1/users/{userId}', { params: { path: { userId: alice.id } } });
    expect(data).toMatchObject({ userId: alice.id, email: 'alice@example.com', name: 'Alice Liddell' });
    expect(data).not.toHaveProperty('address'); // no value → omitted, not null
  });

  it("refuses another user's record to a USER with 403", async () => {
    const { response } = await t.as(alice).GET('/api/v1/users/{userId}', { params: { path: { userId: admin.id } } });
    expect(response.status).toBe(403);
  });

  it('lets an administrator read anyone', async () => {
    const { response } = await t.as(admin).GET('/api/v1/users/{userId}', { params: { path: { userId: alice.id } } });
    expect(response.status).toBe(200);
  });

  it.each(['usr_01m7z9zyfvfev8g04hr93v6800', 'not-an-id', 'acc_01m7z9zyfvfev8g04hr93v68q3'])('answers 404 for %s', async (id) => {
    const { response, error } = await t.as(admin).GET('/api/v1/users/{userId}', { params: { path: { userId: id } } });
    expect(response.status).toBe(404);
    expect(error!.message).toContain(id);
  });
});

describe('PUT and PATCH /api/v1/users/{userId}', () => {
  it('PUT replaces the representation: an omitted address is removed and the name recomputed', async () => {
    const u = await t.createUser({ firstName: 'Old', lastName: 'Name', name: 'Custom', address: { line1: 'x', city: 'y', country: 'FR' } });
    const { data } = await t.as(u).PUT('/api/v1/users/{userId}', {
      params: { path: { userId: u.id } },
      body: { firstName: 'New', lastName: 'Name', email: u.email },
    });
    expect(data).toMatchObject({ name: 'New Name', firstName: 'New' });
    expect(data).not.toHaveProperty('address');
    expect(new Date(data!.updatedAt).getTime()).toBeGreaterThan(u.updatedAt.getTime() - 1);
  });

  it('PATCH changes only what is sent (not even the name) and removes the address with null', async () => {
    const u = await t.createUser({ firstName: 'Pat', lastName: 'Ch', address: { line1: 'x', city: 'y', country: 'FR' } });
    const { data } = await t.as(u).PATCH('/api/v1/users/{userId}', {
      params: { path: { userId: u.id } },
      body: { lastName: 'Changed', address: null },
    });
    expect(data).toMatchObject({ firstName: 'Pat', lastName: 'Changed', name: 'Pat Ch', email: u.email });
    expect(data).not.toHaveProperty('address');
  });

  it('PATCH with an empty body is a 400', async () => {
    const { response } = await t.as(alice).PATCH('/api/v1/users/{userId}', { params: { path: { userId: alice.id } }, body: {} });
    expect(response.status).toBe(400);
  });

  it('does not let users change their own role or status', async () => {
    const u = await t.createUser();
    const role = await t.as(u).PATCH('/api/v1/users/{userId}', { params: { path: { userId: u.id } }, body: { role: 'ADMIN' } });
    const status = await t.as(u).PATCH('/api/v1/users/{userId}', { params: { path: { userId: u.id } }, body: { status: 'SUSPENDED' } });
    expect([role.response.status, status.response.status]).toEqual([403, 403]);
  });

  it('lets an administrator suspend a user, who is then refused with 403', async () => {
    const u = await t.createUser();
    const { data } = await t.as(admin).PATCH('/api/v1/users/{userId}', { params: { path: { userId: u.id } }, body: { status: 'SUSPENDED' } });
    expect(data!.status).toBe('SUSPENDED');
    const { response, error } = await t.as(u).GET('/api/v1/users/{userId}', { params: { path: { userId: u.id } } });
    expect(response.status).toBe(403);
    expect(error!.message).toContain('suspended');
  });

  it('refuses an email already taken by another user with 409', async () => {
    const u = await t.createUser();
    const { response } = await t.as(u).PATCH('/api/v1/users/{userId}', { params: { path: { userId: u.id } }, body: { email: alice.email } });
    expect(response.status).toBe(409);
  });
});

describe('DELETE /api/v1/users/{userId}', () => {
  it('answers 204, then the user reads as 404 and a second delete is 404', async () => {
    const u = await t.createUser();
    const first = await t.as(admin).DELETE('/api/v1/users/{userId}', { params: { path: { userId: u.id } } });
    expect(first.response.status).toBe(204);
    const read = await t.as(admin).GET('/api/v1/users/{userId}', { params: { path: { userId: u.id } } });
    expect(read.response.status).toBe(404);
    const second = await t.as(admin).DELETE('/api/v1/users/{userId}', { params: { path: { userId: u.id } } });
    expect(second.response.status).toBe(404);
  });

  it('frees the email of a deleted user for a new one', async () => {
    const u = await t.createUser({ email: 'reuse@example.com' });
    await t.as(admin).DELETE('/api/v1/users/{userId}', { params: { path: { userId: u.id } } });
    const { response } = await t.as(admin).POST('/api/v1/users', { body: { firstName: 'R', lastName: 'U', email: 'reuse@example.com' } });
    expect(response.status).toBe(201);
  });

  it('is for administrators only', async () => {
    const { response } = await t.as(alice).DELETE('/api/v1/users/{userId}', { params: { path: { userId: alice.id } } });
    expect(response.status).toBe(403);
  });
});
