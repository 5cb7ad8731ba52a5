import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/errors.js';
import { decodeCursor, encodeCursor } from '../../core/shared/cursor.js';
import { resolveWindow } from '../../core/shared/listing.js';
import { parseSort, sortSignature } from '../../core/shared/sort.js';
import { parseInstant } from '../../core/shared/time.js';

describe('parseSort', () => {
  const allowed = ['createdAt', 'lastName', 'email'] as const;

  it('defaults to createdAt,desc', () => {
    expect(parseSort(undefined, allowed)).toEqual([{ field: 'createdAt', direction: 'desc' }]);
  });

  it('treats a missing or non-desc direction as ascending and keeps priority order', () => {
    expect(parseSort(['lastName', 'email,DESC', 'createdAt,sideways'], allowed)).toEqual([
      { field: 'lastName', direction: 'asc' },
      { field: 'email', direction: 'desc' },
      { field: 'createdAt', direction: 'asc' },
    ]);
  });

  it('ignores a repeated field after its first use', () => {
    expect(parseSort(['email,desc', 'email,asc'], allowed)).toHaveLength(1);
  });

  it('refuses a field outside the allow-list, listing the allowed ones', () => {
    expect(() => parseSort(['password'], allowed)).toThrow(/allowed fields: createdAt, lastName, email/);
  });
});

describe('cursors', () => {
  const sig = sortSignature([{ field: 'createdAt', direction: 'desc' }]);

  it('round-trip a position', () => {
    const position = { values: ['2026-01-01T00:00:00.000Z'], id: 'usr_x' };
    expect(decodeCursor(encodeCursor(sig, position), sig)).toEqual(position);
  });

  it('are refused when altered, truncated, garbage or from another sort', () => {
    const cursor = encodeCursor(sig, { values: ['2026-01-01T00:00:00.000Z'], id: 'usr_x' });
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...body, i: 'usr_y' })).toString('base64url');
    for (const bad of [altered, cursor.slice(0, 20), '%%%', '']) expect(() => decodeCursor(bad, sig)).toThrow(InvalidInputError);
    expect(() => decodeCursor(cursor, 'lastName,asc')).toThrow(/different sort/);
  });
});

describe('resolveWindow', () => {
  it('defaults to page 0 of 20', () => {
    expect(resolveWindow({})).toEqual({ mode: 'page', page: 0, size: 20 });
  });

  it('chooses cursor mode for limit or cursor and caps at 100', () => {
    expect(resolveWindow({ limit: 1000 })).toEqual({ mode: 'cursor', limit: 100, cursor: undefined });
    expect(resolveWindow({ cursor: 'c' })).toEqual({ mode: 'cursor', limit: 20, cursor: 'c' });
    expect(resolveWindow({ size: 101 })).toMatchObject({ size: 100 });
  });

  it('refuses mixed styles and out-of-range values', () => {
    expect(() => resolveWindow({ page: 1, cursor: 'c' })).toThrow(InvalidInputError);
    expect(() => resolveWindow({ size: 0 })).toThrow(InvalidInputError);
    expect(() => resolveWindow({ page: -1 })).toThrow(InvalidInputError);
  });
});

describe('parseInstant', () => {
  it('reads a date as midnight UTC and a timestamp with its offset', () => {
    expect(parseInstant('2026-01-31', 'f').toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(parseInstant('2026-01-31T10:00:00+02:00', 'f').toISOString()).toBe('2026-01-31T08:00:00.000Z');
  });

  it.each(['2026-02-30', '31/01/2026', '2026-01-31T25:00:00Z', 'yesterday'])('refuses %s', (value) => {
    expect(() => parseInstant(value, 'createdAfter')).toThrow(/createdAfter/);
  });
});
