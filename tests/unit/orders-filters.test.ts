import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/actor.js';
import { ForbiddenError, RuleViolationError } from '../../core/errors.js';
import { listFilter, ownerScope, searchFilter } from '../../core/orders/filters.js';

const user: Actor = { userId: 'usr_a', role: 'USER' };
const admin: Actor = { userId: 'usr_root', role: 'SUPER_ADMIN' };

function violations(fn: () => unknown): Array<{ field: string; message: string }> {
  try {
    fn();
  } catch (err) {
    if (err instanceof RuleViolationError) return err.violations.map(({ field, message }) => ({ field, message }));
    throw err;
  }
  throw new Error('expected a RuleViolationError');
}

describe('ownerScope', () => {
  it('limits a USER to their own orders and refuses naming another', () => {
    expect(ownerScope(user, undefined)).toBe('usr_a');
    expect(ownerScope(user, 'usr_a')).toBe('usr_a');
    expect(() => ownerScope(user, 'usr_b')).toThrow(ForbiddenError);
  });

  it('lets administrators see everyone, or one user', () => {
    expect(ownerScope(admin, undefined)).toBeUndefined();
    expect(ownerScope(admin, 'usr_b')).toBe('usr_b');
  });
});

describe('listFilter', () => {
  it('turns query parameters into an AND filter with inclusive/exclusive instants', () => {
    expect(listFilter(user, { status: 'PENDING', minAmount: 19.99, createdAfter: '2026-11-01', createdBefore: '2026-12-01T00:00:00.000Z' })).toEqual({
      userId: 'usr_a',
      statuses: ['PENDING'],
      minTotal: '19.99',
      createdFrom: new Date('2026-11-01T00:00:00Z'),
      createdBefore: new Date('2026-12-01T00:00:00Z'),
    });
  });

  it('collects every unparseable instant', () => {
    expect(violations(() => listFilter(admin, { createdAfter: 'soon', createdBefore: '2026-02-30' })).map((p) => p.field)).toEqual([
      'createdAfter',
      'createdBefore',
    ]);
  });

  it('checks ownership before anything else', () => {
    expect(() => listFilter(user, { userId: 'usr_b', createdAfter: 'soon' })).toThrow(ForbiddenError);
  });
});

describe('searchFilter', () => {
  it('maps the SPEC §4.1 body', () => {
    const filter = searchFilter(admin, {
      filters: { status: ['PENDING', 'PROCESSING'], amount: { min: 50, max: 500 }, createdAt: { after: '2026-11-01' }, userId: 'usr_b' },
    });
    expect(filter).toEqual({
      userId: 'usr_b',
      statuses: ['PENDING', 'PROCESSING'],
      minTotal: '50',
      maxTotal: '500',
      createdFrom: new Date('2026-11-01T00:00:00Z'),
      createdBefore: undefined,
    });
  });

  it('scopes an empty body to the caller', () => {
    expect(searchFilter(user, {})).toMatchObject({ userId: 'usr_a' });
  });

  it('refuses an amount range whose min exceeds its max, with the bad instants', () => {
    expect(violations(() => searchFilter(user, { filters: { amount: { min: 10, max: 5 }, createdAt: { before: 'x' } } }))).toEqual([
      { field: 'filters.amount', message: 'min (10) must not be greater than max (5)' },
      { field: 'filters.createdAt.before', message: expect.stringContaining('must be a date') },
    ]);
  });
});
