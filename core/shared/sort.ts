/**
 * Sort specifications of the form `field,direction` (SPEC.md §4.1): several give priority order;
 * a direction other than `desc` (case-insensitive) means ascending; only allow-listed fields.
 */
import { InvalidInputError } from '../errors.js';

export interface SortKey<F extends string = string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * Parses `sort` values against an allow-list.
 * @throws InvalidInputError naming the allowed fields when a field is outside the set.
 * @example parseSort(['lastName', 'createdAt,desc'], ['createdAt', 'lastName'], 'sort')
 */
export function parseSort<F extends string>(
  values: readonly string[] | undefined,
  allowed: readonly F[],
  field = 'sort',
  fallback = 'createdAt,desc',
): SortKey<F>[] {
  const list = values && values.length > 0 ? values : [fallback];
  const keys: SortKey<F>[] = [];
  for (const value of list) {
    const [name = '', direction = ''] = value.split(',').map((s) => s.trim());
    if (!(allowed as readonly string[]).includes(name)) {
      throw InvalidInputError.field(field, `cannot sort by '${name}'; allowed fields: ${allowed.join(', ')}`);
    }
    if (keys.some((k) => k.field === name)) continue;
    keys.push({ field: name as F, direction: direction.toLowerCase() === 'desc' ? 'desc' : 'asc' });
  }
  return keys;
}

/** The canonical text of a sort (`createdAt,desc;lastName,asc`), used to bind cursors to it. */
export function sortSignature(keys: readonly SortKey[]): string {
  return keys.map((k) => `${k.field},${k.direction}`).join(';');
}
