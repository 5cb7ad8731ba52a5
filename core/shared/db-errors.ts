/** Recognises PostgreSQL error codes through either driver and Drizzle's error wrapping. */

/** The first value of `key` along the error's cause chain. */
function fromChain(err: unknown, pick: (e: Record<string, unknown>) => unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const value = pick(e as Record<string, unknown>);
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function pgCode(err: unknown): string | undefined {
  return fromChain(err, (e) => (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined));
}

/** The name of the constraint a statement violated (postgres.js `constraint_name`, PGlite `constraint`). */
export function violatedConstraint(err: unknown): string | undefined {
  return fromChain(err, (e) => e.constraint_name ?? e.constraint);
}

/** A unique constraint was violated (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}
