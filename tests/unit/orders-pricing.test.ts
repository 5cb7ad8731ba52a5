import { describe, expect, it } from 'vitest';
import { Violations } from '../../core/errors.js';
import { priceOrder } from '../../core/orders/pricing.js';
import type { OrderItemInput } from '../../core/orders/order.js';

const line = (unitPrice: number | string, quantity = 1, productId = 'SKU'): OrderItemInput => ({ productId, quantity, unitPrice });

function price(items: OrderItemInput[], currency: string, keptLines = false) {
  const v = new Violations();
  const priced = priceOrder(items, currency, v, { keptLines });
  return { priced, problems: v.list.map(({ field, message }) => ({ field, message })) };
}

describe('priceOrder', () => {
  it('sums quantity × unitPrice exactly', () => {
    expect(price([line(19.99, 3)], 'USD').priced?.total).toBe('59.97');
    expect(price([line(0.1, 3), line(0.2)], 'USD').priced?.total).toBe('0.5');
    expect(price([line(1.005, 3)], 'KWD').priced?.total).toBe('3.015');
    expect(price([line(999999.99, 10000)], 'USD').priced?.total).toBe('9999999900');
  });

  it('keeps canonical decimal unit prices and the lines in order', () => {
    const { priced } = price([line('19.90', 2, 'A'), line(7, 1, 'B')], 'EUR');
    expect(priced).toEqual({
      items: [
        { productId: 'A', quantity: 2, unitPrice: '19.9' },
        { productId: 'B', quantity: 1, unitPrice: '7' },
      ],
      currency: 'EUR',
      total: '46.8',
    });
  });

  it('follows the minor units of the currency', () => {
    expect(price([line(1500.5)], 'JPY').problems).toEqual([{ field: 'items[0].unitPrice', message: expect.stringContaining('more than 0 fraction digits') }]);
    expect(price([line(1.234)], 'KWD').problems).toEqual([]);
    expect(price([line(1.2345)], 'KWD').problems).toHaveLength(1);
  });

  it('collects every bad line by its path', () => {
    const { priced, problems } = price([line(1.001), line(2), line(0, 0), line('abc')], 'USD');
    expect(priced).toBeUndefined();
    expect(problems.map((p) => p.field)).toEqual(['items[0].unitPrice', 'items[2].quantity', 'items[2].unitPrice', 'items[3].unitPrice']);
  });

  it('refuses an unknown currency without judging the lines against it', () => {
    expect(price([line(1.001)], 'XYZ').problems).toEqual([{ field: 'currency', message: "'XYZ' is not an ISO 4217 currency code" }]);
  });

  it('refuses an order without lines', () => {
    expect(price([], 'USD').problems).toEqual([{ field: 'items', message: 'must contain at least one line' }]);
  });

  it('blames the currency when the kept lines no longer fit it', () => {
    expect(price([line('19.99')], 'JPY', true).problems).toEqual([
      { field: 'currency', message: 'items[0].unitPrice 19.99 has more than 0 fraction digits, the minor units of JPY' },
    ]);
  });

  it('refuses a total above 10^12 and accepts one at it', () => {
    expect(price([line(500000000000, 2)], 'USD').priced?.total).toBe('1000000000000');
    expect(price([line(500000000000.01, 2)], 'USD').problems).toEqual([
      { field: 'items', message: 'the order total 1000000000000.02 exceeds the maximum of 1000000000000' },
    ]);
  });
});
