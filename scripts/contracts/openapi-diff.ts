/**
 * api-smart-diff over two OpenAPI documents, with one repair.
 *
 * The library pairs the alternatives of a `oneOf`/`anyOf` by "fewest differences". When every
 * alternative changed (say UserPage and UserCursorPage both gained a field because User did), a
 * swapped pair can score lower than the true one: it then reports `oneOf[0].$ref` "replaced"
 * (unclassified) and drops the real changes underneath. Here alternatives are paired by their `$ref`
 * first and inline ones by position, so every change stays visible and classified.
 *
 * `info.version` is left out: the version is checked on its own (version-rule.ts).
 */
import { apiCompare, openapi3Rules, transformComapreRules } from 'api-smart-diff';
import type { CompareRules, Diff, MapKeysResult } from 'api-smart-diff';

export type { Diff };

const refOf = (value: unknown): string | undefined => {
  const ref = typeof value === 'object' && value !== null ? (value as { $ref?: unknown }).$ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
};

/** Pairs combiner alternatives: same `$ref` first, then inline schemas in order. */
function pairAlternatives(before: unknown[], after: unknown[]): MapKeysResult<number> {
  const result: MapKeysResult<number> = { added: [], removed: [], mapped: {} };
  const unpaired = new Set(after.keys());
  const pair = (i: number, j: number | undefined) => {
    if (j === undefined) {
      result.removed.push(i);
    } else {
      result.mapped[i] = j;
      unpaired.delete(j);
    }
  };
  const inline: number[] = [];
  before.forEach((item, i) => {
    const ref = refOf(item);
    if (ref === undefined) inline.push(i);
    else pair(i, [...unpaired].find((j) => refOf(after[j]) === ref));
  });
  const inlineAfter = [...unpaired].filter((j) => refOf(after[j]) === undefined);
  inline.forEach((i, n) => pair(i, inlineAfter[n]));
  result.added.push(...unpaired);
  return result;
}

function withPairedAlternatives(rules: CompareRules): CompareRules {
  let patched: Record<string, unknown> = rules;
  for (const key of ['/oneOf', '/anyOf'] as const) {
    const combiner = patched[key];
    if (typeof combiner === 'object' && combiner !== null) {
      patched = { ...patched, [key]: { ...combiner, compare: undefined, mapping: pairAlternatives } };
    }
  }
  return patched as CompareRules;
}

const withoutVersion = (doc: Record<string, any>) => ({ ...doc, info: { ...doc.info, version: undefined } });

/**
 * Every difference api-smart-diff finds between two OpenAPI 3.x documents, classified by it.
 * @example diffOpenApi(released, working).filter((d) => d.type === 'breaking')
 */
export function diffOpenApi(before: Record<string, any>, after: Record<string, any>): Diff[] {
  // Fresh rules per comparison: the library caches $ref results inside them.
  const rules = transformComapreRules(openapi3Rules(), withPairedAlternatives);
  return apiCompare(withoutVersion(before), withoutVersion(after), { rules }).diffs;
}

/**
 * The components (`schemas/User`, `responses/Gone`, …) that operations reach through `$ref`,
 * directly or through other components. A change to one of them shows up under `paths`.
 */
export function reachableComponents(doc: Record<string, any>): Set<string> {
  const reached = new Set<string>();
  const pending: unknown[] = [doc.paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    const ref = refOf(node);
    const match = ref === undefined ? null : /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
    if (match && !reached.has(`${match[1]}/${match[2]}`)) {
      reached.add(`${match[1]}/${match[2]}`);
      pending.push(doc.components?.[match[1]!]?.[match[2]!]);
    }
    pending.push(...Object.values(node));
  }
  return reached;
}
