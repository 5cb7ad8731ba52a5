/**
 * Fulfilment of a confirmed order, run by the worker `fulfilMs` after confirmation: PROCESSING →
 * COMPLETED. The change is a conditional update in the transaction that removes the job, so an
 * order cancelled meanwhile stays CANCELLED (the job finds nothing to do), and a replayed job cannot
 * complete an order twice.
 */
import type { JobHandler } from '../jobs/worker.js';
import { allowedFrom, targetOf } from './lifecycle.js';
import { updateOrderIf } from './orders.repository.js';

export const FULFIL_ORDER = 'order.fulfil';

interface FulfilPayload {
  orderId: string;
}

/** The worker handler for `order.fulfil` jobs. */
export const fulfilOrderHandler: JobHandler<FulfilPayload> = {
  kind: FULFIL_ORDER,
  run: (payload, ctx) =>
    ctx.finish(async (tx) => {
      await updateOrderIf(tx, payload.orderId, { from: allowedFrom('fulfil') }, { status: targetOf('fulfil') });
    }),
};
