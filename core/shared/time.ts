/** Parsing of client-supplied instants: a calendar date (`2026-01-31`, midnight UTC) or an ISO 8601 timestamp. */
import { InvalidInputError } from '../errors.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * @throws InvalidInputError naming `field` when the value is neither form or not a real date.
 * @example parseInstant('2026-01-31', 'createdAfter') // 2026-01-31T00:00:00.000Z
 */
export function parseInstant(value: string, field: string): Date {
  const iso = DATE.test(value) ? `${value}T00:00:00Z` : value;
  const date = new Date(iso);
  if ((!DATE.test(value) && !DATE_TIME.test(value)) || Number.isNaN(date.getTime()) || (DATE.test(value) && date.toISOString().slice(0, 10) !== value)) {
    throw InvalidInputError.field(field, 'must be a date (YYYY-MM-DD) or an ISO 8601 timestamp');
  }
  return date;
}
