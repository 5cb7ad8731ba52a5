/**
 * The order state machine (DESIGN.md): PENDING →confirm→ PROCESSING →fulfil→ COMPLETED; PENDING or
 * PROCESSING →cancel→ CANCELLED. Only PENDING orders may be changed (PUT/PATCH) or deleted.
 *
 * Every action is applied as a conditional write (`… WHERE status IN (from)`), so the table below is
 * the single source of both the SQL guard and the 409 message when the guard does not match.
 */
import { ConflictError } from '../errors.js';
import type { OrderStatus } from './order.js';

export type OrderAction = 'confirm' | 'cancel' | 'fulfil' | 'change' | 'delete';

interface Rule {
  from: readonly OrderStatus[];
  /** The state the action leads to; absent for actions that keep (or remove) the order. */
  to?: OrderStatus;
  /** Past participle for messages: "only PENDING orders can be confirmed". */
  done: string;
}

const RULES: Record<OrderAction, Rule> = {
  confirm: { from: ['PENDING'], to: 'PROCESSING', done: 'confirmed' },
  cancel: { from: ['PENDING', 'PROCESSING'], to: 'CANCELLED', done: 'cancelled' },
  fulfil: { from: ['PROCESSING'], to: 'COMPLETED', done: 'fulfilled' },
  change: { from: ['PENDING'], done: 'changed' },
  delete: { from: ['PENDING'], done: 'deleted' },
};

/** The states an action may start from. */
export function allowedFrom(action: OrderAction): readonly OrderStatus[] {
  return RULES[action].from;
}

/** The state a transition leads to (confirm, cancel, fulfil). */
export function targetOf(action: 'confirm' | 'cancel' | 'fulfil'): OrderStatus {
  return RULES[action].to!;
}

/** Whether `action` is legal from `status`. */
export function canApply(action: OrderAction, status: OrderStatus): boolean {
  return RULES[action].from.includes(status);
}

/**
 * The 409 for an action refused in `current`, naming the current status.
 * @example illegalTransition('ord_1', 'confirm', 'COMPLETED').message
 * // 'Order ord_1 is COMPLETED; only PENDING orders can be confirmed'
 */
export function illegalTransition(id: string, action: OrderAction, current: OrderStatus): ConflictError {
  const { from, done } = RULES[action];
  return new ConflictError(`Order ${id} is ${current}; only ${from.join(' or ')} orders can be ${done}`);
}
