/**
 * Shared helpers for the Concord Spectral functions (not a rule function itself).
 * Path grammar (SPEC §1, §4, §9.1), local `$ref` following and a JSON Schema walker.
 */

/** Segments that name an action or a singleton rather than a collection (SPEC §4.3, §4.4). */
export const ACTION_SEGMENTS = ['search', 'confirm', 'cancel', 'generate', 'download'];

/** Segments that serve the contract itself (DESIGN "REST conventions"). */
export const META_SEGMENTS = ['openapi.json', 'openapi.yaml'];

/** Operational paths that live outside `/api/vN` (DESIGN "REST conventions"). */
export const OPERATIONAL_PATHS = ['/health', '/ready'];

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Splits `/api/v1/orders/{orderId}` into `{ major: 1, segments: [{ name, param }] }`.
 * Returns null for paths outside `/api/vN` (those are the business of `concord-versioned-paths`).
 */
export function parseApiPath(path) {
  const match = /^\/api\/v(\d+)(?:\/(.*))?$/.exec(path);
  if (match === null) return null;
  const rest = match[2] ?? '';
  const segments = rest === '' ? [] : rest.split('/').map((name) => ({ name, param: name.includes('{') }));
  return { major: Number(match[1]), segments };
}

/** The last segment of an `/api/vN` path, or undefined. */
export function lastSegment(path) {
  const parsed = parseApiPath(path);
  return parsed?.segments.at(-1);
}

export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a local JSON pointer (`#/components/schemas/Error`) from the unresolved document. */
export function resolvePointer(root, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let node = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** Follows a chain of local `$ref`s; stops (returning the `$ref` node) at external or broken refs. */
export function deref(root, node) {
  const seen = new Set();
  while (isObject(node) && typeof node.$ref === 'string' && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    const target = resolvePointer(root, node.$ref);
    if (target === undefined) return node;
    node = target;
  }
  return node;
}

/** Case-insensitive lookup of a header in a response's `headers` map. */
export function hasHeader(response, name) {
  const headers = isObject(response) && isObject(response.headers) ? response.headers : {};
  return Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());
}

const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames',
  'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

/**
 * Calls `visit(schema, path)` for `schema` and every subschema reachable through schema keywords.
 * `$ref`s are not followed: on the unresolved document every schema is visited once, where it is written.
 */
export function walkSchema(schema, path, visit) {
  if (!isObject(schema)) return;
  visit(schema, path);
  for (const key of SCHEMA_KEYWORDS) {
    const sub = schema[key];
    if (Array.isArray(sub)) sub.forEach((item, i) => walkSchema(item, [...path, key, i], visit));
    else walkSchema(sub, [...path, key], visit);
  }
  for (const key of SCHEMA_ARRAY_KEYWORDS) {
    if (Array.isArray(schema[key])) schema[key].forEach((item, i) => walkSchema(item, [...path, key, i], visit));
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    if (!isObject(schema[key])) continue;
    for (const [name, sub] of Object.entries(schema[key])) walkSchema(sub, [...path, key, name], visit);
  }
}
