/**
 * Validates an order's lines against its currency and computes the total exactly (decimal, never
 * binary floating point): 3 × 19.99 is 59.97. Problems are collected, addressed by their path
 * (`items[2].unitPrice`), so a client learns everything wrong with its lines at once.
 *
 * The total is capped at 10^12, the contract's largest amount: REST sends totals as JSON numbers,
 * which are exact only up to about 15 significant digits, so a larger total could not be shown
 * without drift.
 */
import { InvalidInputError, type Violations } from '../errors.js';
import { assertCurrency, compareAmounts, lineTotal, MAX_AMOUNT, parseAmount } from '../shared/money.js';
import type { OrderItem, OrderItemInput } from './order.js';

/** Canonical lines, currency and exact total of a valid order. */
export interface PricedOrder {
  items: OrderItem[];
  currency: string;
  total: string;
}

export interface PricingOptions {
  /**
   * True when the lines are the stored ones and only the currency is new (PATCH of `currency`):
   * a line that no longer fits the currency is then the currency's fault and is reported on it.
   */
  keptLines?: boolean;
}

function priceLine(item: OrderItemInput, i: number, currency: string, v: Violations, keptLines: boolean): OrderItem | undefined {
  const path = `items[${i}]`;
  let ok = true;
  if (!Number.isInteger(item.quantity) || item.quantity < 1) {
    v.add(`${path}.quantity`, 'INVALID', 'must be an integer of at least 1');
    ok = false;
  }
  try {
    const unitPrice = parseAmount(item.unitPrice, currency, `${path}.unitPrice`);
    return ok ? { productId: item.productId, quantity: item.quantity, unitPrice } : undefined;
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    const message = err.problems[0]?.message ?? err.message;
    if (keptLines) v.add('currency', 'INVALID', `${path}.unitPrice ${item.unitPrice} ${message}`);
    else v.add(`${path}.unitPrice`, 'INVALID', message);
    return undefined;
  }
}

/**
 * Checks the currency (ISO 4217) and every line (quantity ≥ 1, unitPrice > 0 with no more fraction
 * digits than the currency's minor units); returns the priced order, or undefined when anything
 * was recorded in `v`.
 * @example priceOrder([{ productId: 'A', quantity: 3, unitPrice: 19.99 }], 'USD', v)?.total // '59.97'
 */
export function priceOrder(items: readonly OrderItemInput[], currency: string, v: Violations, options: PricingOptions = {}): PricedOrder | undefined {
  const before = v.list.length;
  const code = v.catch('currency', () => assertCurrency(currency));
  if (items.length === 0) v.add('items', 'INVALID', 'must contain at least one line');
  if (!code) return undefined;
  const lines = items.map((item, i) => priceLine(item, i, code, v, options.keptLines ?? false));
  if (v.list.length > before) return undefined;
  const priced = lines as OrderItem[];
  const total = lineTotal(priced);
  if (compareAmounts(total, MAX_AMOUNT) > 0) {
    v.add('items', 'INVALID', `the order total ${total} exceeds the maximum of ${MAX_AMOUNT}`);
    return undefined;
  }
  return { items: priced, currency: code, total };
}
