/** Core payments → contract `Payment`. */
import type { PaymentRow } from '../../../../db/schema/payments.js';
import { toJsonNumber } from '../../../../core/shared/money.js';
import { compact } from '../shared/compact.js';
import type { Schemas } from '../shared/types.js';

/** Maps a payment to its REST representation. */
export function toPaymentDto(p: PaymentRow): Schemas['Payment'] {
  return compact({
    paymentId: p.id,
    from: p.fromAccountId,
    to: p.toAccountId,
    amount: toJsonNumber(p.amount),
    currency: p.currency,
    status: p.status,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    completedAt: p.completedAt?.toISOString(),
  });
}

/** Location of a payment resource. */
export const paymentLocation = (id: string) => `/api/v1/payments/${id}`;
