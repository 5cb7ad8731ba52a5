/**
 * concord-response-request-id — DESIGN "REST conventions" ("every response carries X-Request-Id"),
 * SPEC §7.1 (the request id that error messages refer to).
 *
 * Input: a response object of the unresolved document (operation responses and
 * components.responses). It must declare each header in `options.headers` (case-insensitive).
 * A `$ref` to components.responses is skipped here: the component itself is checked where it is
 * defined; any other local `$ref` is followed.
 */
import { deref, hasHeader, isObject } from './_concord.js';

export default function responseHeaders(response, options, context) {
  if (!isObject(response)) return [];
  if (typeof response.$ref === 'string' && response.$ref.startsWith('#/components/responses/')) return [];
  const resolved = deref(context.document.data, response);
  return (options?.headers ?? [])
    .filter((name) => !hasHeader(resolved, name))
    .map((name) => ({ message: `Response does not declare the ${name} header.`, path: context.path }));
}
