/**
 * concord-timestamp-format — SPEC §1, §2 ("timestamps are ISO 8601 UTC strings"), §4.1 filters.
 *
 * Input: a schema root or a parameter object of the unresolved document (local `$ref`s are followed).
 * - Properties/parameters named `*At` or `timestamp` must be `type: string, format: date-time`.
 * - The date filters `createdAfter`, `createdBefore`, `after`, `before` may be `format: date` or
 *   `date-time`, also as an anyOf/oneOf of both.
 * - Nullable forms (`type: [string, 'null']`, a `type: 'null'` branch) are accepted.
 * - A `*At` property may instead be a range object whose only members are `after`/`before`
 *   (the order search body's `createdAt: { after, before }`, SPEC §4.1); its members are checked too.
 */
import { deref, isObject, walkSchema } from './_concord.js';

const TIMESTAMP_NAME = /^(?:[a-z][a-zA-Z0-9]*At|timestamp)$/;
const FILTER_NAMES = new Set(['createdAfter', 'createdBefore', 'after', 'before']);

/** The `format` of every non-null branch of a schema, or 'not a string' for a non-string branch. */
function branchFormats(root, schema, depth = 0) {
  let node = deref(root, schema);
  if (!isObject(node) || depth > 5) return ['not a string'];
  if (Array.isArray(node.allOf)) {
    const { allOf, ...own } = node;
    node = Object.assign({}, ...allOf.map((part) => deref(root, part)), own);
  }
  const branches = node.anyOf ?? node.oneOf;
  if (Array.isArray(branches)) {
    return branches.filter((b) => deref(root, b)?.type !== 'null').flatMap((b) => branchFormats(root, b, depth + 1));
  }
  const types = [node.type].flat().filter((type) => type !== 'null');
  return types.length === 1 && types[0] === 'string' ? [node.format ?? 'no format'] : ['not a string'];
}

function isRangeObject(root, schema) {
  const node = deref(root, schema);
  const names = isObject(node?.properties) ? Object.keys(node.properties) : [];
  return names.length > 0 && names.every((name) => name === 'after' || name === 'before');
}

function check(root, name, schema, path) {
  const isFilter = FILTER_NAMES.has(name);
  if (!isFilter && !TIMESTAMP_NAME.test(name)) return [];
  if (!isFilter && isRangeObject(root, schema)) return [];
  const allowed = isFilter ? ['date', 'date-time'] : ['date-time'];
  const formats = branchFormats(root, schema);
  if (formats.every((format) => allowed.includes(format))) return [];
  return [{
    message: `"${name}" must be type: string with format: ${allowed.join(' or ')} (found: ${[...new Set(formats)].join(', ')}).`,
    path,
  }];
}

export default function timestampFormat(input, _options, context) {
  if (!isObject(input)) return [];
  const root = context.document.data;
  if (typeof input.in === 'string' && typeof input.name === 'string') {
    const schema = input.schema ?? Object.values(input.content ?? {})[0]?.schema;
    return schema === undefined ? [] : check(root, input.name, schema, [...context.path, 'schema']);
  }
  const results = [];
  walkSchema(input, context.path, (node, path) => {
    if (!isObject(node.properties)) return;
    for (const [name, sub] of Object.entries(node.properties)) {
      results.push(...check(root, name, sub, [...path, 'properties', name]));
    }
  });
  return results;
}
