/**
 * Settlement of a PROCESSING payment, run by the worker: credits `to`, records the COMPLETED
 * PAYMENT transaction and completes the payment — or, when the destination can no longer take it
 * (closed, suspended, other currency) or retries are exhausted, returns the hold to `from` and
 * marks the payment FAILED. Runs in the transaction that removes the job, and does nothing for a
 * payment that is no longer PROCESSING, so a replayed job cannot settle twice.
 */
import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { payments } from '../../db/schema/payments.js';
import { credit, lockAccounts, recordTransaction } from '../accounts/ledger.js';
import type { JobHandler } from '../jobs/worker.js';

export const SETTLE_PAYMENT = 'payment.settle';

interface SettlePayload {
  paymentId: string;
}

async function fail(tx: Executor, paymentId: string, fromAccountId: string, amount: string, reason: string): Promise<void> {
  await credit(tx, fromAccountId, amount);
  const now = new Date();
  await tx.update(payments).set({ status: 'FAILED', failureReason: reason, updatedAt: now, completedAt: now }).where(eq(payments.id, paymentId));
}

async function settle(tx: Tx, paymentId: string, failWith?: string): Promise<void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || payment.status !== 'PROCESSING') return;
  const locked = await lockAccounts(tx, [payment.fromAccountId, payment.toAccountId]);
  const to = locked.get(payment.toAccountId)!;
  const problem = failWith ?? (to.status !== 'ACTIVE' ? `destination account is ${to.status}` : to.currency !== payment.currency ? 'destination currency changed' : undefined);
  if (problem) return fail(tx, payment.id, payment.fromAccountId, payment.amount, problem);
  await credit(tx, to.id, payment.amount);
  await recordTransaction(tx, {
    type: 'PAYMENT',
    amount: payment.amount,
    currency: payment.currency,
    fromAccountId: payment.fromAccountId,
    toAccountId: payment.toAccountId,
    paymentId: payment.id,
  });
  const now = new Date();
  await tx.update(payments).set({ status: 'COMPLETED', updatedAt: now, completedAt: now }).where(eq(payments.id, payment.id));
}

/** The worker handler for `payment.settle` jobs. */
export const settlePaymentHandler: JobHandler<SettlePayload> = {
  kind: SETTLE_PAYMENT,
  run: (payload, ctx) => ctx.finish((tx) => settle(tx, payload.paymentId)),
  exhausted: (payload, tx, error) => settle(tx, payload.paymentId, `settlement failed: ${error}`),
};
