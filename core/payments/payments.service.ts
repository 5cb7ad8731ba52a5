/**
 * Payments between accounts (SPEC.md §4.2 with DESIGN.md): creation checks the request, holds the
 * amount (debits `from` at once) and answers PROCESSING; a background settlement credits `to`.
 * Every creation is idempotent per (caller, Idempotency-Key).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, type PaymentRow } from '../../db/schema/payments.js';
import { requireActor, requireOwnerOrAdmin, type Actor } from '../actor.js';
import { NotFoundError, RuleViolationError, Violations } from '../errors.js';
import { enqueueJob } from '../jobs/queue.js';
import { isIdOf, newId } from '../shared/ids.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { debit, lockAccounts } from '../accounts/ledger.js';
import { checkMovement } from '../accounts/movement-checks.js';
import { fingerprint } from './fingerprint.js';
import { bindKey, claimKey, keyFinder } from './idempotency.js';
import { SETTLE_PAYMENT } from './settlement.js';

export interface PaymentRequest {
  from: string;
  to: string;
  amount: number;
  currency: string;
}

export interface PaymentsOptions {
  /** Delay before settlement (PAYMENT_SETTLE_MS). */
  settleMs: number;
  /** Idempotency key retention (IDEMPOTENCY_TTL). */
  idempotencyTtlSeconds: number;
}

export interface PaymentOutcome {
  payment: PaymentRow;
  /** True when an earlier request with the same key created it. */
  replayed: boolean;
}

/** Creates the payments service. */
export function paymentsService(db: Db, accountsRepo: AccountsRepository, options: PaymentsOptions) {
  const findKey = keyFinder(db);
  const byId = db.select().from(payments).where(eq(payments.id, sql.placeholder('id'))).limit(1).prepare('payments_by_id');
  async function find(id: string): Promise<PaymentRow | undefined> {
    const [row] = await byId.execute({ id });
    return row;
  }

  async function replay(paymentId: string): Promise<PaymentOutcome> {
    return { payment: (await find(paymentId))!, replayed: true };
  }

  return {
    /** Creates a payment, or replays the one an earlier request with this key created. */
    async create(actor: Actor | null, idempotencyKey: string, request: PaymentRequest): Promise<PaymentOutcome> {
      const a = requireActor(actor);
      const print = fingerprint(request);
      const earlier = await findKey(a.userId, idempotencyKey, print);
      if (earlier.state === 'replay') return replay(earlier.paymentId);

      const v = new Violations();
      const checked = await checkMovement(
        accountsRepo,
        a,
        { fromAccountId: request.from, toAccountId: request.to, amount: request.amount, currency: request.currency },
        { from: 'from', to: 'to', amount: 'amount', currency: 'currency' },
        v,
      );
      v.throwIfAny();
      const { from, to, amount } = checked!;

      const outcome = await db.transaction(async (tx): Promise<PaymentOutcome | { replayOf: string }> => {
        const claim = await claimKey(tx, a.userId, idempotencyKey, print, options.idempotencyTtlSeconds);
        if (claim.state === 'replay') return { replayOf: claim.paymentId };
        const locked = await lockAccounts(tx, [from.id, to.id]);
        for (const [id, field] of [[from.id, 'from'], [to.id, 'to']] as const) {
          const status = locked.get(id)!.status;
          if (status !== 'ACTIVE') throw new RuleViolationError([{ field, kind: 'BUSINESS_RULE', message: `account ${id} is ${status}` }]);
        }
        await debit(tx, from.id, amount);
        const [payment] = await tx
          .insert(payments)
          .values({ id: newId('payment'), userId: a.userId, fromAccountId: from.id, toAccountId: to.id, amount, currency: request.currency, status: 'PROCESSING' })
          .returning();
        await bindKey(tx, a.userId, idempotencyKey, payment!.id);
        await enqueueJob(tx, SETTLE_PAYMENT, { paymentId: payment!.id }, { runAt: new Date(Date.now() + options.settleMs) });
        return { payment: payment!, replayed: false };
      });
      return 'replayOf' in outcome ? replay(outcome.replayOf) : outcome;
    },

    /** The creator or an administrator reads a payment. */
    async get(actor: Actor | null, id: string): Promise<PaymentRow> {
      requireActor(actor);
      const payment = isIdOf('payment', id) ? await find(id) : undefined;
      if (!payment) throw new NotFoundError('Payment', id);
      requireOwnerOrAdmin(actor, payment.userId);
      return payment;
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
