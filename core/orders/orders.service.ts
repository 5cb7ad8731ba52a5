/**
 * Orders: placing, reading, listing, changing and deleting them, and moving them through their
 * life (lifecycle.ts). The owner or an administrator acts on an order; another user's order is
 * ForbiddenError (`Access denied`), an unknown or malformed id NotFoundError.
 *
 * Concurrency: every state-dependent write is conditional (orders.repository.ts). When it matches
 * nothing, the order is read again to say why — 404, 403, or 409 naming the current status. States
 * only move forward, so a refused action stays refused. PATCH computes the new version from the
 * stored one and writes it only if that version is still stored, re-reading when it is not.
 */
import type { Db } from '../../db/client.js';
import { isAdmin, requireActor, requireOwnerOrAdmin, type Actor } from '../actor.js';
import { ConflictError, NotFoundError, Violations } from '../errors.js';
import { enqueueJob } from '../jobs/queue.js';
import { isIdOf, newId } from '../shared/ids.js';
import type { ListResult, PageResult } from '../shared/listing.js';
import type { UsersRepository } from '../users/users.repository.js';
import { FULFIL_ORDER } from './fulfilment.js';
import { listFilter, searchFilter } from './filters.js';
import { allowedFrom, canApply, illegalTransition, targetOf, type OrderAction } from './lifecycle.js';
import type { Order, OrderCreateInput, OrderListQuery, OrderPatchInput, OrderReplaceInput, OrderSearchQuery } from './order.js';
import type { OrderContent, OrderGuard, OrdersRepository } from './orders.repository.js';
import { priceOrder, type PricedOrder } from './pricing.js';

export interface OrdersOptions {
  /** Delay before a confirmed order is fulfilled (ORDER_FULFIL_MS). */
  fulfilMs: number;
}

/** How often PATCH re-reads an order that other requests keep changing before it gives up. */
const PATCH_ATTEMPTS = 3;

const contentOf = (p: PricedOrder): OrderContent => ({ items: p.items, itemCount: p.items.length, total: p.total, currency: p.currency });

/** The guard of `action` for `actor`: the legal states, and the owner unless an administrator acts. */
const guardFor = (actor: Actor, action: OrderAction): OrderGuard => ({ from: allowedFrom(action), userId: isAdmin(actor) ? undefined : actor.userId });

/** Validation collected into `v`, thrown when anything was recorded. */
function priced(build: (v: Violations) => PricedOrder | undefined): PricedOrder {
  const v = new Violations();
  const result = build(v);
  v.throwIfAny();
  return result!;
}

/** Creates the orders service. */
export function ordersService(db: Db, repo: OrdersRepository, usersRepo: UsersRepository, options: OrdersOptions) {
  /** Owner or administrator; anyone else is refused, an unknown id is not found. */
  async function load(actor: Actor | null, id: string): Promise<Order> {
    const a = requireActor(actor);
    const order = isIdOf('order', id) ? await repo.findById(id) : undefined;
    if (!order) throw new NotFoundError('Order', id);
    requireOwnerOrAdmin(a, order.userId);
    return order;
  }

  /** Why a conditional write of `action` matched nothing: 404, 403 or 409 (thrown). */
  async function refuse(actor: Actor, id: string, action: OrderAction): Promise<never> {
    const order = await load(actor, id);
    throw illegalTransition(id, action, order.status);
  }

  /** Loads an order that may still be changed (PUT/PATCH). */
  async function loadChangeable(actor: Actor | null, id: string): Promise<Order> {
    const order = await load(actor, id);
    if (!canApply('change', order.status)) throw illegalTransition(id, 'change', order.status);
    return order;
  }

  return {
    /** Places a PENDING order for the caller, or for `userId` when an administrator places it. */
    async create(actor: Actor | null, input: OrderCreateInput): Promise<Order> {
      const a = requireActor(actor);
      const v = new Violations();
      const userId = input.userId ?? a.userId;
      const forbidden = userId !== a.userId && !isAdmin(a);
      if (forbidden) v.add('userId', 'FORBIDDEN', 'Access denied');
      const order = priceOrder(input.items, input.currency ?? 'USD', v);
      // The owner must be a live user row (the token alone does not make one).
      if (!forbidden && !(isIdOf('user', userId) && (await usersRepo.findById(userId)))) v.add('userId', 'NOT_FOUND', `User ${userId} not found`);
      v.throwIfAny();
      const now = new Date();
      return repo.insert({ id: newId('order'), userId, ...contentOf(order!), status: 'PENDING', createdAt: now, updatedAt: now });
    },

    /** Owner or administrator. */
    get: load,

    /** The caller's orders (administrators: all, or one user's), filtered, page- or cursor-based. */
    async list(actor: Actor | null, query: OrderListQuery): Promise<ListResult<Order>> {
      return repo.list(listFilter(requireActor(actor), query), query);
    },

    /** Body-driven search (SPEC.md §4.1) over the orders the caller may see; always page-based. */
    async search(actor: Actor | null, body: OrderSearchQuery): Promise<PageResult<Order>> {
      const filter = searchFilter(requireActor(actor), body);
      return (await repo.list(filter, { page: body.page ?? 0, size: body.size, sort: body.sort })) as PageResult<Order>;
    },

    /** PUT: new items and currency for a PENDING order. */
    async replace(actor: Actor | null, id: string, input: OrderReplaceInput): Promise<Order> {
      const a = requireActor(actor);
      await loadChangeable(a, id);
      const order = priced((v) => priceOrder(input.items, input.currency, v));
      return (await repo.updateIf(id, { from: allowedFrom('change') }, contentOf(order))) ?? refuse(a, id, 'change');
    },

    /** PATCH: the items and/or the currency of a PENDING order; the other is kept and re-checked. */
    async update(actor: Actor | null, id: string, patch: OrderPatchInput): Promise<Order> {
      for (let attempt = 1; attempt <= PATCH_ATTEMPTS; attempt++) {
        const current = await loadChangeable(actor, id);
        const order = priced((v) =>
          priceOrder(patch.items ?? current.items, patch.currency ?? current.currency, v, { keptLines: patch.items === undefined }),
        );
        const guard: OrderGuard = { from: allowedFrom('change'), items: current.items, currency: current.currency };
        const updated = await repo.updateIf(id, guard, contentOf(order));
        if (updated) return updated;
      }
      throw new ConflictError(`Order ${id} is being changed by other requests; retry`);
    },

    /** Deletes a PENDING order; a second delete is not found. */
    async remove(actor: Actor | null, id: string): Promise<void> {
      const a = requireActor(actor);
      if (isIdOf('order', id) && (await repo.deleteIf(id, guardFor(a, 'delete')))) return;
      await refuse(a, id, 'delete');
    },

    /** PENDING → PROCESSING, and fulfilment is scheduled in the same transaction. */
    async confirm(actor: Actor | null, id: string): Promise<Order> {
      const a = requireActor(actor);
      const confirmed = !isIdOf('order', id)
        ? undefined
        : await db.transaction(async (tx) => {
            const order = await repo.updateIf(id, guardFor(a, 'confirm'), { status: targetOf('confirm') }, tx);
            if (order) await enqueueJob(tx, FULFIL_ORDER, { orderId: id }, { runAt: new Date(Date.now() + options.fulfilMs) });
            return order;
          });
      return confirmed ?? refuse(a, id, 'confirm');
    },

    /** PENDING or PROCESSING → CANCELLED; a pending fulfilment then finds nothing to do. */
    async cancel(actor: Actor | null, id: string): Promise<Order> {
      const a = requireActor(actor);
      const cancelled = isIdOf('order', id) ? await repo.updateIf(id, guardFor(a, 'cancel'), { status: targetOf('cancel') }) : undefined;
      return cancelled ?? refuse(a, id, 'cancel');
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
