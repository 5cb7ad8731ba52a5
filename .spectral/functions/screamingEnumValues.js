/**
 * concord-screaming-enum-values — SPEC §2 ("enumerated values are SCREAMING_SNAKE_CASE").
 *
 * Input: a schema root of the unresolved document (header schemas are not given: their values are
 * protocol tokens such as `Deprecation: true`). Every string in an `enum` must match
 * `^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`; non-string members (e.g. `null` of a nullable enum) are ignored.
 */
import { walkSchema } from './_concord.js';

const SCREAMING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

export default function screamingEnumValues(schema, _options, context) {
  const results = [];
  walkSchema(schema, context.path, (node, path) => {
    if (!Array.isArray(node.enum)) return;
    node.enum.forEach((value, i) => {
      if (typeof value === 'string' && !SCREAMING.test(value)) {
        results.push({ message: `Enum value "${value}" is not SCREAMING_SNAKE_CASE.`, path: [...path, 'enum', i] });
      }
    });
  });
  return results;
}
