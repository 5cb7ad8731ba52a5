/** Recognises PostgreSQL error codes through either driver and Drizzle's error wrapping. */

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique constraint was violated (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}
