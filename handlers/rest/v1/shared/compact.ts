/** Drops null and undefined members: fields with no value are omitted from REST bodies (SPEC.md §1). */
type Compact<T> = { [K in keyof T as null extends T[K] ? never : undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : undefined extends T[K] ? K : never]?: Exclude<T[K], null | undefined>;
};

/**
 * @example compact({ a: 1, b: null }) // { a: 1 }
 */
export function compact<T extends object>(value: T): Compact<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = v;
  return out as Compact<T>;
}
