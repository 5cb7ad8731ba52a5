import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../core/errors.js';
import { allowedFrom, canApply, illegalTransition, targetOf, type OrderAction } from '../../core/orders/lifecycle.js';
import { ORDER_STATUSES, type OrderStatus } from '../../core/orders/order.js';

/** The whole table of DESIGN.md: which action is legal from which state. */
const LEGAL: Record<OrderAction, OrderStatus[]> = {
  confirm: ['PENDING'],
  cancel: ['PENDING', 'PROCESSING'],
  fulfil: ['PROCESSING'],
  change: ['PENDING'],
  delete: ['PENDING'],
};

describe('the order lifecycle', () => {
  it.each(Object.entries(LEGAL) as [OrderAction, OrderStatus[]][])('%s is legal exactly from %j', (action, from) => {
    for (const status of ORDER_STATUSES) expect(canApply(action, status)).toBe(from.includes(status));
    expect(allowedFrom(action)).toEqual(from);
  });

  it('leads confirm to PROCESSING, fulfil to COMPLETED and cancel to CANCELLED', () => {
    expect([targetOf('confirm'), targetOf('fulfil'), targetOf('cancel')]).toEqual(['PROCESSING', 'COMPLETED', 'CANCELLED']);
  });

  it('never leads back: no target state is a legal start of the action that reached it', () => {
    for (const action of ['confirm', 'fulfil', 'cancel'] as const) expect(canApply(action, targetOf(action))).toBe(false);
  });

  it('names the current status in the 409', () => {
    const err = illegalTransition('ord_1', 'cancel', 'COMPLETED');
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toBe('Order ord_1 is COMPLETED; only PENDING or PROCESSING orders can be cancelled');
    expect(illegalTransition('ord_1', 'change', 'PROCESSING').message).toBe('Order ord_1 is PROCESSING; only PENDING orders can be changed');
  });
});
