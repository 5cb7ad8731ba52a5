import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/actor.js';
import type { User } from '../../core/users/user.js';
import { jobs } from '../../db/schema/jobs.js';
import { orders } from '../../db/schema/orders.js';
import type { components } from '../../generated/openapi/v1/schema.js';
import { startTestService, type TestService } from '../support/test-service.js';

type Order = components['schemas']['Order'];
type OrderItem = components['schemas']['OrderItem'];
type Page = { content: Order[]; page: Record<string, number>; links: Record<string, string | null> };
type CursorPage = { data: Order[]; pagination: { nextCursor: string | null; hasMore: boolean; limit: number } };
type Caller = { id: string; role?: Role } | string;
type Problem = { field: string; message: string };

/** The fields a 400's details name. */
const fieldsOf = (error: { details?: unknown } | undefined) => ((error?.details ?? []) as Problem[]).map((p) => p.field);

/** `t` runs the worker (ORDER_FULFIL_MS=50); `manual` does not, so tests drain its jobs explicitly. */
let t: TestService;
let manual: TestService;
let admin: User;
let alice: User;
let bob: User;

const LINES: OrderItem[] = [{ productId: 'SKU-10042', quantity: 3, unitPrice: 19.99 }];
const UNKNOWN_ID = 'ord_01m7z9zyfvfev8g04hr93v6800';

beforeAll(async () => {
  [t, manual] = await Promise.all([startTestService(), startTestService({ WORKER_ENABLED: 'false', ORDER_FULFIL_MS: '0' })]);
  admin = await t.createUser({ role: 'ADMIN' });
  alice = await t.createUser();
  bob = await t.createUser();
});
afterAll(() => Promise.all([t?.close(), manual?.close()]));

const place = (s: TestService, who: Caller, body: { items: OrderItem[]; currency?: string; userId?: string }) =>
  s.as(who).POST('/api/v1/orders', { body });

async function placed(s: TestService, who: Caller, items: OrderItem[] = LINES, currency?: string): Promise<Order> {
  const { data, response } = await place(s, who, { items, ...(currency ? { currency } : {}) });
  expect(response.status).toBe(201);
  return data!;
}

const getOrder = (s: TestService, who: Caller, orderId: string) => s.as(who).GET('/api/v1/orders/{orderId}', { params: { path: { orderId } } });

type Operation = 'get' | 'put' | 'patch' | 'delete' | 'confirm' | 'cancel';

/** Any single-order operation, reduced to its status, body and error. */
async function act(s: TestService, who: Caller, op: Operation, orderId: string) {
  const client = s.as(who);
  const path = { params: { path: { orderId } } };
  const r =
    op === 'get'
      ? await client.GET('/api/v1/orders/{orderId}', path)
      : op === 'put'
        ? await client.PUT('/api/v1/orders/{orderId}', { ...path, body: { items: [{ productId: 'SKU-1', quantity: 1, unitPrice: 5 }], currency: 'EUR' } })
        : op === 'patch'
          ? await client.PATCH('/api/v1/orders/{orderId}', { ...path, body: { currency: 'EUR' } })
          : op === 'delete'
            ? await client.DELETE('/api/v1/orders/{orderId}', path)
            : await client.POST(op === 'confirm' ? '/api/v1/orders/{orderId}/confirm' : '/api/v1/orders/{orderId}/cancel', path);
  return { status: r.response.status, data: r.data as Order | undefined, error: r.error as { message: string; details?: { field: string; message: string }[] } | undefined };
}

describe('POST /api/v1/orders', () => {
  it('places a PENDING order in USD with 201, Location, an exact total and customerId = userId', async () => {
    const { data, response } = await place(t, alice, { items: LINES });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/v1/orders/${data!.orderId}`);
    expect(data).toMatchObject({ userId: alice.id, customerId: alice.id, items: LINES, total: 59.97, currency: 'USD', status: 'PENDING' });
    expect(data!.orderId).toMatch(/^ord_/);
    expect(data!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(data!.updatedAt).toBe(data!.createdAt);
  });

  it.each([
    [[{ productId: 'A', quantity: 3, unitPrice: 0.1 }, { productId: 'B', quantity: 1, unitPrice: 0.2 }], 'USD', 0.5],
    [[{ productId: 'A', quantity: 7, unitPrice: 0.07 }, { productId: 'B', quantity: 10000, unitPrice: 1.01 }], 'EUR', 10100.49],
    [[{ productId: 'A', quantity: 3, unitPrice: 1.005 }], 'KWD', 3.015],
    [[{ productId: 'A', quantity: 2, unitPrice: 1500 }], 'JPY', 3000],
  ])('computes %j in %s exactly as %d', async (items, currency, total) => {
    const order = await placed(t, alice, items, currency);
    expect(order.total).toBe(total);
    expect(order.currency).toBe(currency);
  });

  it('lists every line whose price does not fit the currency, by path', async () => {
    const items = [
      { productId: 'A', quantity: 1, unitPrice: 1.001 },
      { productId: 'B', quantity: 1, unitPrice: 2 },
      { productId: 'C', quantity: 1, unitPrice: 3.999 },
    ];
    const { response, error } = await place(t, alice, { items });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual([
      { field: 'items[0].unitPrice', message: expect.stringContaining('more than 2 fraction digits') },
      { field: 'items[2].unitPrice', message: expect.stringContaining('more than 2 fraction digits') },
    ]);
    const jpy = await place(t, alice, { items: [...LINES, { productId: 'B', quantity: 1, unitPrice: 10.5 }], currency: 'JPY' });
    expect(fieldsOf(jpy.error)).toEqual(['items[0].unitPrice', 'items[1].unitPrice']);
  });

  it('refuses an unknown currency, and collects it with a forbidden owner', async () => {
    const { response, error } = await place(t, alice, { items: LINES, currency: 'ABC', userId: bob.id });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual(
      expect.arrayContaining([
        { field: 'currency', message: "'ABC' is not an ISO 4217 currency code" },
        { field: 'userId', message: 'Access denied' },
      ]),
    );
  });

  it.each([
    [{ items: [] }, 'items'],
    [{ items: [{ productId: 'A', quantity: 0, unitPrice: 1 }] }, 'items[0].quantity'],
    [{ items: [{ productId: 'A', quantity: 1.5, unitPrice: 1 }] }, 'items[0].quantity'],
    [{ items: [{ productId: 'A', quantity: 1, unitPrice: 0 }] }, 'items[0].unitPrice'],
    [{ items: [{ productId: 'A', quantity: 1 }] }, 'items[0].unitPrice'],
    [{ items: LINES, total: 1 }, 'total'],
    [{ items: LINES, currency: 'usd' }, 'currency'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { response, error } = await t.as(alice).POST('/api/v1/orders', { body: body as never });
    expect(response.status).toBe(400);
    expect(fieldsOf(error)).toContain(field);
  });

  it('refuses a total above 10^12, which a JSON number could not carry exactly', async () => {
    const { response, error } = await place(t, alice, { items: [{ productId: 'A', quantity: 2, unitPrice: 999999999999.99 }] });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual([{ field: 'items', message: expect.stringContaining('exceeds the maximum of 1000000000000') }]);
  });

  it('lets only administrators place orders for others; an unknown user is 404', async () => {
    const denied = await place(t, alice, { items: LINES, userId: bob.id });
    expect(denied.response.status).toBe(403);
    expect(denied.error!.details).toEqual([{ field: 'userId', message: 'Access denied' }]);
    const forBob = await place(t, admin, { items: LINES, userId: bob.id });
    expect(forBob.response.status).toBe(201);
    expect(forBob.data).toMatchObject({ userId: bob.id, customerId: bob.id });
    for (const userId of ['usr_01m7z9zyfvfev8g04hr93v6800', 'nobody']) {
      expect((await place(t, admin, { items: LINES, userId })).response.status).toBe(404);
    }
  });

  it('answers 404 for a caller whose token names no user record', async () => {
    const { response, error } = await place(t, 'usr_01m7z9zyfvfev8g04hr93v6801', { items: LINES });
    expect(response.status).toBe(404);
    expect(error!.message).toContain('usr_01m7z9zyfvfev8g04hr93v6801');
  });

  it('requires authentication', async () => {
    expect((await t.client.POST('/api/v1/orders', { body: { items: LINES } })).response.status).toBe(401);
    expect((await t.client.GET('/api/v1/orders', {})).response.status).toBe(401);
  });
});

describe('GET /api/v1/orders/{orderId}', () => {
  it('gives the owner and administrators the order', async () => {
    const order = await placed(t, bob);
    expect((await getOrder(t, bob, order.orderId)).data).toEqual(order);
    expect((await getOrder(t, admin, order.orderId)).data).toEqual(order);
  });

  it.each([UNKNOWN_ID, 'not-an-id', 'usr_01m7z9zyfvfev8g04hr93v6800'])('answers 404 for %s', async (id) => {
    const { response, error } = await getOrder(t, admin, id);
    expect(response.status).toBe(404);
    expect(error!.message).toBe(`Order ${id} not found`);
  });
});

describe("another user's order (BOLA)", () => {
  const operations: Operation[] = ['get', 'put', 'patch', 'delete', 'confirm', 'cancel'];

  it.each(operations)('%s answers 403 Access denied and changes nothing', async (op) => {
    const order = await placed(t, bob);
    const { status, error } = await act(t, alice, op, order.orderId);
    expect(status).toBe(403);
    expect(error!.message).toBe('Access denied');
    expect((await getOrder(t, bob, order.orderId)).data).toEqual(order);
  });

  it.each(operations)('%s answers 404 for an unknown or malformed id', async (op) => {
    for (const id of [UNKNOWN_ID, 'nope']) expect((await act(t, alice, op, id)).status).toBe(404);
  });

  it.each(operations)('%s is allowed to an administrator', async (op) => {
    const order = await placed(t, bob);
    expect((await act(t, admin, op, order.orderId)).status).toBe(op === 'delete' ? 204 : 200);
  });

  it('hides other users’ orders from listing and search, and refuses naming them', async () => {
    const bobs = await placed(t, bob);
    const listed = (await t.as(alice).GET('/api/v1/orders', { params: { query: { size: 100 } } })).data as Page;
    expect(listed.content.every((o) => o.userId === alice.id)).toBe(true);
    const found = await t.as(alice).POST('/api/v1/orders/search', { body: { size: 100 } });
    expect(found.data!.content.map((o) => o.orderId)).not.toContain(bobs.orderId);
    expect(found.data!.content.every((o) => o.userId === alice.id)).toBe(true);
    const named = await t.as(alice).GET('/api/v1/orders', { params: { query: { userId: bob.id } } });
    expect(named.response.status).toBe(403);
    expect(named.error!.message).toBe('Access denied');
    const searched = await t.as(alice).POST('/api/v1/orders/search', { body: { filters: { userId: bob.id } } });
    expect(searched.response.status).toBe(403);
  });
});

describe('PUT /api/v1/orders/{orderId}', () => {
  it('replaces items and currency of a PENDING order and recomputes the total', async () => {
    const order = await placed(t, alice);
    const items = [{ productId: 'SKU-20007', quantity: 2, unitPrice: 0.35 }, { productId: 'SKU-9', quantity: 1, unitPrice: 0.3 }];
    const { data, response } = await t.as(alice).PUT('/api/v1/orders/{orderId}', { params: { path: { orderId: order.orderId } }, body: { items, currency: 'EUR' } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ orderId: order.orderId, items, currency: 'EUR', total: 1, status: 'PENDING', createdAt: order.createdAt });
    expect(data!.updatedAt >= order.updatedAt).toBe(true);
    expect((await getOrder(t, alice, order.orderId)).data).toEqual(data);
  });

  it('validates like creation and leaves the order as it was', async () => {
    const order = await placed(t, alice);
    const { response, error } = await t.as(alice).PUT('/api/v1/orders/{orderId}', {
      params: { path: { orderId: order.orderId } },
      body: { items: [{ productId: 'A', quantity: 1, unitPrice: 1.5 }], currency: 'JPY' },
    });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual([{ field: 'items[0].unitPrice', message: expect.stringContaining('minor units of JPY') }]);
    const missing = await t.as(alice).PUT('/api/v1/orders/{orderId}', { params: { path: { orderId: order.orderId } }, body: { items: LINES } as never });
    expect(missing.response.status).toBe(400);
    expect((await getOrder(t, alice, order.orderId)).data).toEqual(order);
  });
});

describe('PATCH /api/v1/orders/{orderId}', () => {
  const patch = (orderId: string, body: { items?: OrderItem[]; currency?: string }) =>
    t.as(alice).PATCH('/api/v1/orders/{orderId}', { params: { path: { orderId } }, body });

  it('changes the items and keeps the currency', async () => {
    const order = await placed(t, alice, LINES, 'EUR');
    const { data } = await patch(order.orderId, { items: [{ productId: 'X', quantity: 4, unitPrice: 2.25 }] });
    expect(data).toMatchObject({ items: [{ productId: 'X', quantity: 4, unitPrice: 2.25 }], currency: 'EUR', total: 9 });
  });

  it('changes the currency and keeps the items when they fit it', async () => {
    const order = await placed(t, alice);
    const { data } = await patch(order.orderId, { currency: 'GBP' });
    expect(data).toMatchObject({ items: LINES, currency: 'GBP', total: 59.97 });
  });

  it('refuses a currency the kept prices do not fit, on the currency', async () => {
    const order = await placed(t, alice);
    const { response, error } = await patch(order.orderId, { currency: 'JPY' });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual([{ field: 'currency', message: expect.stringMatching(/^items\[0\]\.unitPrice 19\.99 has more than 0 fraction digits/) }]);
  });

  it('loses neither of two concurrent patches of different fields', async () => {
    const order = await placed(t, alice);
    const items = [{ productId: 'X', quantity: 2, unitPrice: 0.5 }];
    const [byItems, byCurrency] = await Promise.all([patch(order.orderId, { items }), patch(order.orderId, { currency: 'CHF' })]);
    expect([byItems.response.status, byCurrency.response.status]).toEqual([200, 200]);
    expect((await getOrder(t, alice, order.orderId)).data).toMatchObject({ items, currency: 'CHF', total: 1 });
  });

  it('needs at least one field', async () => {
    const order = await placed(t, alice);
    expect((await patch(order.orderId, {})).response.status).toBe(400);
  });
});

describe('DELETE /api/v1/orders/{orderId}', () => {
  it('deletes a PENDING order with 204; it then reads as 404 and a second delete is 404', async () => {
    const order = await placed(t, alice);
    expect((await act(t, alice, 'delete', order.orderId)).status).toBe(204);
    expect((await getOrder(t, alice, order.orderId)).response.status).toBe(404);
    const again = await act(t, alice, 'delete', order.orderId);
    expect(again.status).toBe(404);
    expect(again.error!.message).toBe(`Order ${order.orderId} not found`);
  });
});

describe('background fulfilment', () => {
  it('completes a confirmed order after ORDER_FULFIL_MS', async () => {
    const order = await placed(t, alice);
    const confirmed = await act(t, alice, 'confirm', order.orderId);
    expect(confirmed).toMatchObject({ status: 200, data: { status: 'PROCESSING', total: 59.97 } });
    const done = await t.eventually(() => getOrder(t, alice, order.orderId), (r) => r.data?.status === 'COMPLETED');
    expect(done.data!.updatedAt >= confirmed.data!.updatedAt).toBe(true);
    expect(done.data).toMatchObject({ items: LINES, total: 59.97, userId: alice.id });
  });
});

/** Orders in each state on the manual service (no worker: PROCESSING stays until drained). */
async function orderIn(status: Order['status'], owner: User, items: OrderItem[] = LINES): Promise<Order> {
  const order = await placed(manual, owner, items);
  if (status === 'PENDING') return order;
  if (status === 'CANCELLED') return (await act(manual, owner, 'cancel', order.orderId)).data!;
  await act(manual, owner, 'confirm', order.orderId);
  if (status === 'COMPLETED') await manual.service.worker.drain();
  return (await getOrder(manual, owner, order.orderId)).data!;
}

/** Fulfilment jobs still queued for one order. */
const pendingFulfilments = async (orderId: string) =>
  (await manual.service.database.db.select({ n: count() }).from(jobs).where(and(eq(jobs.kind, 'order.fulfil'), sql`${jobs.payload}->>'orderId' = ${orderId}`)))[0]!.n;

describe('the order state machine', () => {
  let owner: User;
  beforeAll(async () => {
    owner = await manual.createUser();
  });

  const legal: Array<[Order['status'], Operation, number, Order['status'] | null]> = [
    ['PENDING', 'confirm', 200, 'PROCESSING'],
    ['PENDING', 'cancel', 200, 'CANCELLED'],
    ['PENDING', 'put', 200, 'PENDING'],
    ['PENDING', 'patch', 200, 'PENDING'],
    ['PENDING', 'delete', 204, null],
    ['PROCESSING', 'cancel', 200, 'CANCELLED'],
  ];

  it.each(legal)('%s →%s→ %i', async (from, op, status, to) => {
    const order = await orderIn(from, owner);
    const result = await act(manual, owner, op, order.orderId);
    expect(result.status).toBe(status);
    if (to) expect(result.data!.status).toBe(to);
    expect((await getOrder(manual, owner, order.orderId)).data?.status).toBe(to ?? undefined);
  });

  const illegal: Array<[Order['status'], Operation, string]> = [
    ['PROCESSING', 'confirm', 'only PENDING orders can be confirmed'],
    ['PROCESSING', 'put', 'only PENDING orders can be changed'],
    ['PROCESSING', 'patch', 'only PENDING orders can be changed'],
    ['PROCESSING', 'delete', 'only PENDING orders can be deleted'],
    ...(['COMPLETED', 'CANCELLED'] as const).flatMap((from): Array<[Order['status'], Operation, string]> => [
      [from, 'confirm', 'only PENDING orders can be confirmed'],
      [from, 'cancel', 'only PENDING or PROCESSING orders can be cancelled'],
      [from, 'put', 'only PENDING orders can be changed'],
      [from, 'patch', 'only PENDING orders can be changed'],
      [from, 'delete', 'only PENDING orders can be deleted'],
    ]),
  ];

  it.each(illegal)('%s →%s is 409 naming the current status', async (from, op, rule) => {
    const order = await orderIn(from, owner);
    const result = await act(manual, owner, op, order.orderId);
    expect(result.status).toBe(409);
    expect(result.error!.message).toBe(`Order ${order.orderId} is ${from}; ${rule}`);
    expect((await getOrder(manual, owner, order.orderId)).data).toEqual(order);
  });

  it('completes a confirmed order when its fulfilment runs', async () => {
    const order = await orderIn('PROCESSING', owner);
    expect(await pendingFulfilments(order.orderId)).toBe(1);
    await manual.service.worker.drain();
    expect((await getOrder(manual, owner, order.orderId)).data!.status).toBe('COMPLETED');
    expect(await pendingFulfilments(order.orderId)).toBe(0);
  });

  it('keeps a PROCESSING order CANCELLED when cancel wins over fulfilment', async () => {
    const order = await orderIn('PROCESSING', owner);
    expect((await act(manual, owner, 'cancel', order.orderId)).data!.status).toBe('CANCELLED');
    await manual.service.worker.drain();
    expect(await pendingFulfilments(order.orderId)).toBe(0); // the job ran and found nothing to do
    expect((await getOrder(manual, owner, order.orderId)).data!.status).toBe('CANCELLED');
  });

  it('lets exactly one of several concurrent confirms win', async () => {
    const order = await orderIn('PENDING', owner);
    const results = await Promise.all(Array.from({ length: 5 }, () => act(manual, owner, 'confirm', order.orderId)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.error!.message.includes('is PROCESSING'))).toBe(true);
    expect(await pendingFulfilments(order.orderId)).toBe(1);
  });

  it('lets exactly one of a concurrent cancel and delete win', async () => {
    const order = await orderIn('PENDING', owner);
    const [cancel, del] = await Promise.all([act(manual, owner, 'cancel', order.orderId), act(manual, owner, 'delete', order.orderId)]);
    expect([cancel.status, del.status].sort()).toEqual(cancel.status === 200 ? [200, 409] : [204, 404]);
  });
});

describe('GET /api/v1/orders and POST /api/v1/orders/search', () => {
  let dave: User;
  let erin: User;
  /** Dave's orders by name: d1…d5 with totals 10, 51, 59.97, 120, 400, created in that order of time. */
  const d: Record<string, Order> = {};
  const e: Record<string, Order> = {};

  /** An order in `status` whose creation time is moved to `createdAt` (fixture only). */
  async function fixture(owner: User, status: Order['status'], items: OrderItem[], createdAt: string): Promise<Order> {
    const order = await orderIn(status, owner, items);
    await manual.service.database.db.update(orders).set({ createdAt: new Date(createdAt) }).where(eq(orders.id, order.orderId));
    return (await getOrder(manual, owner, order.orderId)).data!;
  }

  beforeAll(async () => {
    dave = await manual.createUser();
    erin = await manual.createUser();
    // COMPLETED first: draining its fulfilment would complete any PROCESSING order placed before it.
    d.d3 = await fixture(dave, 'COMPLETED', [{ productId: 'C', quantity: 3, unitPrice: 19.99 }], '2026-02-20T08:30:00.000Z');
    d.d1 = await fixture(dave, 'PENDING', [{ productId: 'A', quantity: 1, unitPrice: 10 }], '2026-01-10T00:00:00.000Z');
    d.d2 = await fixture(dave, 'PROCESSING', [{ productId: 'B', quantity: 2, unitPrice: 25.5 }], '2026-02-15T00:00:00.000Z');
    d.d4 = await fixture(dave, 'CANCELLED', [{ productId: 'D', quantity: 1, unitPrice: 120 }], '2026-03-01T00:00:00.000Z');
    d.d5 = await fixture(dave, 'PENDING', [{ productId: 'E', quantity: 4, unitPrice: 100 }], '2026-03-15T00:00:00.000Z');
    e.e1 = await fixture(erin, 'PENDING', [{ productId: 'F', quantity: 1, unitPrice: 75 }], '2026-02-16T00:00:00.000Z');
    e.e2 = await fixture(erin, 'PROCESSING', [{ productId: 'G', quantity: 1, unitPrice: 500 }], '2026-02-17T00:00:00.000Z');
  });

  const list = (who: Caller, query: Record<string, unknown>) => manual.as(who).GET('/api/v1/orders', { params: { query: query as never } });
  const names = (items: Order[]) => items.map((o) => Object.entries({ ...d, ...e }).find(([, x]) => x.orderId === o.orderId)?.[0] ?? o.orderId);
  const listed = async (who: Caller, query: Record<string, unknown>) => names(((await list(who, query)).data as Page).content);
  const search = (who: Caller, body: Record<string, unknown>) => manual.as(who).POST('/api/v1/orders/search', { body: body as never });

  it('lists the caller’s orders newest first in the page envelope', async () => {
    const { data } = await list(dave, {});
    const page = data as Page;
    expect(names(page.content)).toEqual(['d5', 'd4', 'd3', 'd2', 'd1']);
    expect(page.page).toEqual({ number: 0, size: 20, totalElements: 5, totalPages: 1 });
    expect(page.links).toMatchObject({ prev: null, next: null });
    expect(page.content[0]).toEqual(d.d5);
  });

  it.each<[Record<string, unknown>, string[]]>([
    [{ status: 'PENDING' }, ['d5', 'd1']],
    [{ minAmount: 51 }, ['d5', 'd4', 'd3', 'd2']],
    [{ minAmount: 59.97 }, ['d5', 'd4', 'd3']],
    [{ createdAfter: '2026-02-15', createdBefore: '2026-03-01' }, ['d3', 'd2']],
    [{ createdAfter: '2026-02-15T00:00:00.001Z' }, ['d5', 'd4', 'd3']],
    [{ createdBefore: '2026-03-01T00:00:00.001Z' }, ['d4', 'd3', 'd2', 'd1']],
    [{ status: 'PENDING', minAmount: 50, createdAfter: '2026-01-01' }, ['d5']],
    [{ status: 'PROCESSING', minAmount: 50, createdAfter: '2026-02-01', createdBefore: '2026-03-01T00:00:00Z', userId: 'self' }, ['d2']],
    [{ status: 'COMPLETED', minAmount: 100 }, []],
  ])('filters by %j with AND', async (query, expected) => {
    const q = query.userId === 'self' ? { ...query, userId: dave.id } : query;
    expect(await listed(dave, q)).toEqual(expected);
  });

  it('lets administrators list everyone’s orders or one user’s', async () => {
    const all = names(((await list(admin, { size: 100 })).data as Page).content);
    expect(all).toEqual(expect.arrayContaining(['d1', 'd5', 'e1', 'e2']));
    expect(await listed(admin, { userId: erin.id })).toEqual(['e2', 'e1']);
    expect(await listed(admin, { userId: erin.id, status: 'PROCESSING' })).toEqual(['e2']);
  });

  it('refuses a USER naming another user with 403', async () => {
    const { response, error } = await list(dave, { userId: erin.id });
    expect(response.status).toBe(403);
    expect(error!.message).toBe('Access denied');
  });

  it.each([
    [['total,asc'], ['d1', 'd2', 'd3', 'd4', 'd5']],
    [['total,desc'], ['d5', 'd4', 'd3', 'd2', 'd1']],
    [['status', 'createdAt,desc'], ['d4', 'd3', 'd5', 'd1', 'd2']],
    [['updatedAt,asc'], ['d3', 'd1', 'd2', 'd4', 'd5']],
  ])('sorts by %j', async (sort, expected) => {
    expect(await listed(dave, { sort })).toEqual(expected);
  });

  it('refuses a sort outside the allow-list with 400 listing the allowed fields', async () => {
    for (const sort of [['userId,asc'], ['total', 'items']]) {
      const { response, error } = await list(dave, { sort });
      expect(response.status).toBe(400);
      expect(error!.message).toContain('allowed fields: createdAt, updatedAt, total, status');
    }
  });

  it('pages with links that keep the filters and sort', async () => {
    const { data } = await list(dave, { page: 1, size: 2, sort: ['total,asc'], minAmount: 0 });
    const page = data as Page;
    expect(names(page.content)).toEqual(['d3', 'd4']);
    expect(page.page).toEqual({ number: 1, size: 2, totalElements: 5, totalPages: 3 });
    expect(page.links.next).toBe('/api/v1/orders?page=2&size=2&sort=total,asc&minAmount=0');
    expect(page.links.prev).toBe('/api/v1/orders?page=0&size=2&sort=total,asc&minAmount=0');
  });

  it('walks a filtered cursor listing to the end, for every sort field', async () => {
    for (const [sort, expected] of [
      [['total,desc'], ['d5', 'd4', 'd3', 'd2']],
      [['createdAt,asc'], ['d2', 'd3', 'd4', 'd5']],
      [['status,asc', 'total,desc'], ['d4', 'd3', 'd5', 'd2']],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 10; guard++) {
        const { data, response } = await list(dave, { limit: 1, sort, minAmount: 51, ...(cursor ? { cursor } : {}) });
        expect(response.status).toBe(200);
        const page = data as CursorPage;
        seen.push(...names(page.data));
        if (!page.pagination.hasMore) {
          expect(page.pagination).toEqual({ nextCursor: null, hasMore: false, limit: 1 });
          break;
        }
        cursor = page.pagination.nextCursor!;
      }
      expect(seen).toEqual(expected);
    }
  });

  it('refuses mixed pagination, a tampered cursor and a cursor of another sort with 400', async () => {
    expect((await list(dave, { page: 0, limit: 2 })).response.status).toBe(400);
    const first = (await list(dave, { limit: 2 })).data as CursorPage;
    expect((await list(dave, { cursor: `${first.pagination.nextCursor}x` })).response.status).toBe(400);
    expect((await list(dave, { cursor: first.pagination.nextCursor, sort: ['total,asc'] })).response.status).toBe(400);
  });

  it.each([{ createdAfter: 'yesterday' }, { createdBefore: '2026-02-30' }, { minAmount: -1 }, { status: 'SHIPPED' }])(
    'refuses the filter %j with 400',
    async (query) => {
      expect((await list(dave, query)).response.status).toBe(400);
    },
  );

  it('searches with a body: statuses, amount range and sort', async () => {
    const { data, response } = await search(dave, {
      filters: { status: ['PENDING', 'PROCESSING'], amount: { min: 50, max: 400 } },
      sort: ['total,desc'],
    });
    expect(response.status).toBe(200);
    expect(names(data!.content)).toEqual(['d5', 'd2']);
    expect(data!.page).toEqual({ number: 0, size: 20, totalElements: 2, totalPages: 1 });
  });

  it.each<[Record<string, unknown>, string[]]>([
    [{ createdAt: { after: '2026-02-15', before: '2026-03-01' } }, ['d3', 'd2']],
    [{ amount: { max: 59.97 } }, ['d3', 'd2', 'd1']],
    [{ amount: { min: 51, max: 51 } }, ['d2']],
    [{ status: ['CANCELLED', 'COMPLETED'], createdAt: { after: '2026-02-20T08:30:00Z' } }, ['d4', 'd3']],
    [{ userId: 'self', status: ['PENDING'] }, ['d5', 'd1']],
  ])('searches %j', async (filters, expected) => {
    const f = filters.userId === 'self' ? { ...filters, userId: dave.id } : filters;
    expect(names((await search(dave, { filters: f })).data!.content)).toEqual(expected);
  });

  it('answers an empty body with every visible order, paginated', async () => {
    const { data } = await search(dave, {});
    expect(names(data!.content)).toEqual(['d5', 'd4', 'd3', 'd2', 'd1']);
    const second = await search(dave, { page: 1, size: 2 });
    expect(names(second.data!.content)).toEqual(['d3', 'd2']);
    expect(second.data!.page).toEqual({ number: 1, size: 2, totalElements: 5, totalPages: 3 });
  });

  it('lets administrators search one user’s orders; a USER naming another is 403', async () => {
    expect(names((await search(admin, { filters: { userId: erin.id, status: ['PROCESSING'] } })).data!.content)).toEqual(['e2']);
    expect((await search(dave, { filters: { userId: erin.id } })).response.status).toBe(403);
  });

  it.each([
    [{ filters: { amount: { min: 500, max: 50 } } }, 'filters.amount'],
    [{ filters: { createdAt: { after: 'soon' } } }, 'filters.createdAt.after'],
    [{ sort: ['userId,asc'] }, 'sort'],
    [{ size: 0 }, 'size'],
    [{ filters: { status: [] } }, 'filters.status'],
    [{ filters: { customerId: 'x' } }, 'filters.customerId'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { response, error } = await search(dave, body);
    expect(response.status).toBe(400);
    expect(fieldsOf(error)).toContain(field);
  });
});
