/**
 * Exact decimal money. Amounts travel as decimal strings (never binary floating point in
 * arithmetic or storage); JSON numbers from clients are converted through their shortest
 * round-trip text, which is exact for every amount the contract admits (≤ 10^12, ≤ 4 decimals).
 * Fraction digits may not exceed the currency's ISO 4217 minor units (USD 2, JPY 0, KWD 3).
 */
import Big from 'big.js';
import { InvalidInputError } from '../errors.js';

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** The largest amount Concord moves or totals: exact as a JSON number with 4 decimals. */
export const MAX_AMOUNT = '1000000000000';

const MINOR_UNITS = new Map<string, number>();

/** Minor units of an ISO 4217 currency, e.g. 2 for USD (cached: Intl.NumberFormat is costly to build). */
export function minorUnits(currency: string): number {
  let digits = MINOR_UNITS.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    MINOR_UNITS.set(currency, digits);
  }
  return digits;
}

/**
 * @throws InvalidInputError when the code is not an ISO 4217 currency Concord knows.
 */
export function assertCurrency(currency: string, field = 'currency'): string {
  if (!/^[A-Z]{3}$/.test(currency) || !KNOWN_CURRENCIES.has(currency)) {
    throw InvalidInputError.field(field, `'${currency}' is not an ISO 4217 currency code`);
  }
  return currency;
}

function toBig(value: number | string, field: string): Big {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number' && !Number.isFinite(value)) throw InvalidInputError.field(field, 'must be a finite number');
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) throw InvalidInputError.field(field, `'${text}' is not a decimal amount`);
  return new Big(text);
}

function fractionDigits(b: Big): number {
  const [, fraction = ''] = b.toFixed().split('.');
  return fraction.length;
}

/**
 * Validates an amount that moves money: positive, at most 10^12, and no more fraction digits
 * than the currency has. Returns the canonical decimal string.
 * @example parseAmount(12.5, 'USD') // '12.5'
 */
export function parseAmount(value: number | string, currency: string, field = 'amount'): string {
  const b = toBig(value, field);
  if (b.lte(0)) throw InvalidInputError.field(field, 'must be greater than 0');
  if (b.gt(MAX_AMOUNT)) throw InvalidInputError.field(field, `must not exceed ${MAX_AMOUNT}`);
  const digits = minorUnits(currency);
  if (fractionDigits(b) > digits) {
    throw InvalidInputError.field(field, `has more than ${digits} fraction digit${digits === 1 ? '' : 's'}, the minor units of ${currency}`);
  }
  return b.toFixed();
}

/** Sum of `quantity × unitPrice` over items, exact. */
export function lineTotal(items: ReadonlyArray<{ quantity: number; unitPrice: string }>): string {
  return items.reduce((sum, item) => sum.plus(new Big(item.unitPrice).times(item.quantity)), new Big(0)).toFixed();
}

/** Formats a stored amount with exactly the currency's minor units (`1234.5` USD → `1234.50`). */
export function formatAmount(value: string, currency: string): string {
  return new Big(value).toFixed(minorUnits(currency));
}

/** A stored decimal as a JSON number for REST bodies (exact for the amounts Concord admits). */
export function toJsonNumber(value: string): number {
  return Number(value);
}

/** Compares two decimal strings: -1, 0 or 1. */
export function compareAmounts(a: string, b: string): number {
  return new Big(a).cmp(new Big(b));
}
