/**
 * concord-deprecated-sunset — SPEC §9.6–9.8 (deprecation carries Deprecation and Sunset headers and
 * a sunset date).
 *
 * Input: an operation of the unresolved document. When `deprecated: true`, the operation needs
 * `x-sunset` as an ISO 8601 date (`2027-06-30`, or a full UTC date-time), and every one of its
 * responses (local `$ref`s followed) declares the `Sunset` and `Deprecation` headers.
 */
import { deref, hasHeader, isObject } from './_concord.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)?$/;
const HEADERS = ['Sunset', 'Deprecation'];

function isIsoDate(value) {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

export default function deprecatedSunset(operation, _options, context) {
  if (!isObject(operation) || operation.deprecated !== true) return [];
  const root = context.document.data;
  const results = [];
  if (!isIsoDate(operation['x-sunset'])) {
    results.push({ message: 'A deprecated operation needs x-sunset with an ISO 8601 date (e.g. 2027-06-30).', path: [...context.path, 'deprecated'] });
  }
  for (const [status, value] of Object.entries(operation.responses ?? {})) {
    const missing = HEADERS.filter((name) => !hasHeader(deref(root, value), name));
    if (missing.length > 0) {
      results.push({ message: `Response ${status} of a deprecated operation does not declare the ${missing.join(' and ')} header(s).`, path: [...context.path, 'responses', status] });
    }
  }
  return results;
}
