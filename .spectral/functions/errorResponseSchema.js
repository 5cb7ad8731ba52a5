/**
 * concord-error-schema — SPEC §7.1 and DESIGN "REST conventions" (one error envelope for every
 * 4xx and 5xx).
 *
 * Input: an operation's `responses` map in the UNRESOLVED document (the rule sets `resolved: false`,
 * because after resolution a `$ref` to Error can no longer be told apart from a look-alike inline
 * schema). For every 4xx/5xx (or 4XX/5XX) response, local `$ref`s to components.responses are
 * followed by hand; the response must have `application/json` content whose schema is
 * `$ref: '#/components/schemas/Error'`, or a `$ref` to a component schema that extends Error through
 * `allOf` (e.g. a 410 body narrowing `details`).
 */
import { deref, isObject, resolvePointer } from './_concord.js';

const ERROR_REF = '#/components/schemas/Error';
const ERROR_STATUS = /^[45](?:\d\d|XX)$/i;

function extendsError(root, schema, seen = new Set()) {
  if (!isObject(schema) || typeof schema.$ref !== 'string') return false;
  if (schema.$ref === ERROR_REF) return true;
  if (!schema.$ref.startsWith('#/components/schemas/') || seen.has(schema.$ref)) return false;
  seen.add(schema.$ref);
  const target = resolvePointer(root, schema.$ref);
  return isObject(target) && Array.isArray(target.allOf) && target.allOf.some((part) => extendsError(root, part, seen));
}

export default function errorResponseSchema(responses, _options, context) {
  if (!isObject(responses)) return [];
  const root = context.document.data;
  const results = [];
  for (const [status, value] of Object.entries(responses)) {
    if (!ERROR_STATUS.test(status)) continue;
    const response = deref(root, value);
    const schema = response?.content?.['application/json']?.schema;
    if (schema === undefined) {
      results.push({ message: `Response ${status} has no application/json content.`, path: [...context.path, status] });
    } else if (!extendsError(root, schema)) {
      results.push({ message: `Response ${status} does not use $ref: '${ERROR_REF}' as its application/json schema.`, path: [...context.path, status] });
    }
  }
  return results;
}
