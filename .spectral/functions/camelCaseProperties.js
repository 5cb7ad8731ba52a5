/**
 * concord-camel-case-properties — SPEC §1, §2 ("JSON field names are camelCase").
 *
 * Input: a schema root (component schema, or the schema of a parameter, header, request or response
 * body) of the unresolved document. Walks properties/items/allOf/oneOf/anyOf/... and reports every
 * property name that does not match `^[a-z][a-zA-Z0-9]*$`.
 */
import { walkSchema } from './_concord.js';

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;

export default function camelCaseProperties(schema, _options, context) {
  const results = [];
  walkSchema(schema, context.path, (node, path) => {
    if (typeof node.properties !== 'object' || node.properties === null) return;
    for (const name of Object.keys(node.properties)) {
      if (!CAMEL.test(name)) {
        results.push({ message: `Property "${name}" is not camelCase.`, path: [...path, 'properties', name] });
      }
    }
  });
  return results;
}
