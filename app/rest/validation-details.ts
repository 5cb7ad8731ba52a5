/** Turns Ajv errors from request validation into `details: [{ field, message }]` a client can act on. */
import type { ErrorObject } from 'ajv';
import type { FieldProblem } from '../../core/errors.js';

const LOCATION = /^\/(requestBody|query|path|headers?|cookies?)(\/.*)?$/;

/** `/items/0/quantity` → `items[0].quantity`. */
function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '');
}

/**
 * @param headerNames declared header parameter names, to report `Idempotency-Key` rather than its lowercase form
 */
export function validationDetails(errors: ErrorObject[], headerNames: readonly string[] = []): FieldProblem[] {
  const problems = new Map<string, FieldProblem>();
  for (const e of errors) {
    if (['oneOf', 'anyOf', 'if'].includes(e.keyword)) continue; // their branches already explain the failure
    const match = LOCATION.exec(e.instancePath);
    let field = match ? pointerToField(match[2] ?? '') : pointerToField(e.instancePath);
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      if (missing === 'requestBody') {
        field = 'body';
        message = 'a JSON request body is required';
      } else {
        field = field ? `${field}.${missing}` : missing;
        message = 'is required';
      }
    } else if (e.keyword === 'additionalProperties') {
      const extra = String((e.params as { additionalProperty: string }).additionalProperty);
      field = field ? `${field}.${extra}` : extra;
      message = 'is not an allowed property';
    } else if (e.keyword === 'enum') {
      message = `must be one of: ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}`;
    }
    if (match?.[1]?.startsWith('header')) field = headerNames.find((h) => h.toLowerCase() === field.toLowerCase()) ?? field;
    if (!field) field = 'body';
    problems.set(`${field}\u0000${message}`, { field, message });
  }
  return [...problems.values()];
}
