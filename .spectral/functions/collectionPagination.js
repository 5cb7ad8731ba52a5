/**
 * concord-collection-pagination — SPEC §2.1, §2.2, §4.1, §8 (page/size or limit/cursor, max 100).
 *
 * Input: the resolved `paths` object. A GET whose path ends in a static segment is a collection GET
 * (exempt: /health, /ready, the openapi.json/.yaml documents and action segments such as download).
 * Its 200 JSON body must not be a bare array. When the body is a page envelope (`content` + `page`)
 * the operation declares `page` and `size` query parameters; when it is a cursor envelope (`data` +
 * `pagination`) it declares `limit` and `cursor`; a oneOf of both may declare either pair. Every
 * declared `size`/`limit` declares `maximum: 100` (the server caps larger values to 100 before
 * validating, per SPEC §8, so the maximum documents the ceiling without refusing 150).
 */
import { ACTION_SEGMENTS, META_SEGMENTS, OPERATIONAL_PATHS, isObject, lastSegment } from './_concord.js';

const PAIRS = { page: ['page', 'size'], cursor: ['limit', 'cursor'] };
const MAX_PAGE_SIZE = 100;
function declaresCeiling(param) {
  return param.schema?.maximum === MAX_PAGE_SIZE;
}

function propertyNames(schema, depth = 0, names = new Set()) {
  if (!isObject(schema) || depth > 5) return names;
  if (isObject(schema.properties)) Object.keys(schema.properties).forEach((name) => names.add(name));
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    if (Array.isArray(schema[key])) schema[key].forEach((part) => propertyNames(part, depth + 1, names));
  }
  return names;
}

function queryParameters(item, operation) {
  const byName = new Map();
  for (const param of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    if (isObject(param) && param.in === 'query') byName.set(param.name, param);
  }
  return byName;
}

export default function collectionPagination(paths, options) {
  if (!isObject(paths)) return [];
  const exempt = new Set(options?.exempt ?? [...ACTION_SEGMENTS, ...META_SEGMENTS]);
  const results = [];
  for (const [path, item] of Object.entries(paths)) {
    const last = lastSegment(path);
    const get = isObject(item) ? item.get : undefined;
    if (OPERATIONAL_PATHS.includes(path) || !isObject(get) || last === undefined || last.param || exempt.has(last.name)) continue;
    const at = ['paths', path, 'get'];
    const schema = get.responses?.['200']?.content?.['application/json']?.schema;
    if (!isObject(schema)) continue;
    const type = [schema.type].flat();
    if (type.includes('array')) {
      results.push({ message: `GET ${path} returns a bare array; collections return a page or cursor envelope.`, path: [...at, 'responses', '200'] });
      continue;
    }
    const names = propertyNames(schema);
    const kinds = [];
    if (names.has('content') && names.has('page')) kinds.push('page');
    if (names.has('data') && names.has('pagination')) kinds.push('cursor');
    if (kinds.length === 0) continue;
    const query = queryParameters(item, get);
    const satisfied = kinds.some((kind) => PAIRS[kind].every((name) => query.has(name)));
    if (!satisfied) {
      const wanted = kinds.map((kind) => PAIRS[kind].join(' + ')).join(' or ');
      results.push({ message: `GET ${path} returns a ${kinds.join('/')} envelope but does not declare the ${wanted} query parameters.`, path: at });
    }
    for (const name of ['size', 'limit']) {
      const param = query.get(name);
      if (param !== undefined && !declaresCeiling(param)) {
        results.push({ message: `Query parameter "${name}" of GET ${path} must declare maximum: ${MAX_PAGE_SIZE}.`, path: at });
      }
    }
  }
  return results;
}
