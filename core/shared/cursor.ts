/**
 * Opaque keyset cursors. A cursor is base64url(JSON) of the sort it belongs to, the sort-key values
 * of the last item served and its id, plus a short checksum: a cursor that was altered, truncated or
 * reused with another sort is rejected as invalid input instead of silently paging wrong.
 */
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../errors.js';

export type CursorValue = string | number;

export interface CursorPosition {
  values: CursorValue[];
  id: string;
}

interface CursorBody {
  s: string;
  v: CursorValue[];
  i: string;
  c: string;
}

const checksum = (s: string, v: CursorValue[], i: string) =>
  createHash('sha256').update(JSON.stringify([s, v, i])).digest('base64url').slice(0, 10);

/** Encodes a position within the ordering named by `signature`. */
export function encodeCursor(signature: string, position: CursorPosition): string {
  const body: CursorBody = { s: signature, v: position.values, i: position.id, c: checksum(signature, position.values, position.id) };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/**
 * Decodes a cursor issued for `signature`.
 * @throws InvalidInputError on any malformed, tampered or foreign cursor.
 */
export function decodeCursor(cursor: string, signature: string, field = 'cursor'): CursorPosition {
  const invalid = () => InvalidInputError.field(field, 'is not a valid cursor; pass back a nextCursor exactly as received');
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalid();
  }
  if (
    !body ||
    typeof body.s !== 'string' ||
    typeof body.i !== 'string' ||
    !Array.isArray(body.v) ||
    !body.v.every((x) => typeof x === 'string' || typeof x === 'number') ||
    body.c !== checksum(body.s, body.v, body.i)
  ) {
    throw invalid();
  }
  if (body.s !== signature) {
    throw InvalidInputError.field(field, 'belongs to a different sort order; request the first page again');
  }
  return { values: body.v, id: body.i };
}
