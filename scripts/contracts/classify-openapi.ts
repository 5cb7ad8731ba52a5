/**
 * Classifies the differences between two OpenAPI documents by the rules of SPEC §9.3/§9.4
 * (rules.ts). api-smart-diff finds the differences and judges most of them from the client's side
 * (stricter request validation breaks, a stricter response does not); on top of that:
 *  - a removed property is breaking on either side, required or not (the library calls a removed
 *    optional response property non-breaking, yet a client reading it breaks);
 *  - a changed `type` or `format` of a response value is breaking (the library calls it non-breaking);
 *  - `additionalProperties` is judged by SPEC §9.4 "clients ignore unknown response fields": any
 *    change of it in a response is compatible, and closing it in a request is stricter validation;
 *  - any change to security requirements or security schemes is breaking;
 *  - what the library leaves unclassified is breaking until someone proves otherwise.
 * A change inside a component that operations use is reported where each operation sees it (under
 * `paths`), not a second time under `components`.
 */
import { diffOpenApi, reachableComponents, type Diff } from './openapi-diff.js';
import type { ContractChange, RuleId } from './rules.js';

type Doc = Record<string, any>;
type Segment = string | number;
type Side = 'request' | 'response';

const PAST: Record<Diff['action'], string> = { add: 'added', remove: 'removed', replace: 'replaced', rename: 'renamed' };

interface Context {
  before: Doc;
  after: Doc;
  reached: Set<string>;
  /** Paths (JSON) of added or removed properties, to fold a `required` entry into its property. */
  propertyChanges: Set<string>;
}

/**
 * Every change between a released OpenAPI document and the working one, classified.
 * @example classifyOpenApi(snapshot, working).filter((c) => RULES[c.rule].impact === 'breaking')
 */
export function classifyOpenApi(before: Doc, after: Doc): ContractChange[] {
  const diffs = diffOpenApi(before, after);
  const context: Context = {
    before,
    after,
    reached: new Set([...reachableComponents(before), ...reachableComponents(after)]),
    propertyChanges: new Set(diffs.filter((d) => d.path.at(-2) === 'properties' && d.action !== 'replace').map((d) => JSON.stringify(d.path))),
  };
  return diffs.flatMap((diff) => classifyDiff(diff, context) ?? []);
}

/** Examples document a schema; a change inside one changes no behaviour (SPEC §9.10 patch). A property that happens to be named `example` is not one. */
const isExample = (path: readonly Segment[]) =>
  path.some((segment, i) => (segment === 'example' || segment === 'examples') && path[i - 1] !== 'properties');

function classifyDiff(diff: Diff, context: Context): ContractChange | undefined {
  const [root, kind, name] = diff.path;
  if (diff.type !== 'annotation' && isExample(diff.path)) return change(diff, 'documentation', `example changed: ${describe(diff)}`, jsonPath(diff.path));
  if (root === 'paths') return classifyPathDiff(diff, context);
  if (root === 'security') return change(diff, 'security-changed', `global security requirements: ${describe(diff)}`, 'security');
  if (root === 'components' && kind === 'securitySchemes') {
    return change(diff, 'security-changed', `security scheme \`${String(name)}\`: ${describe(diff)}`, `components.securitySchemes.${String(name)}`);
  }
  if (root === 'components' && context.reached.has(`${String(kind)}/${String(name)}`)) return undefined;
  return change(diff, byLibrary(diff), describe(diff), jsonPath(diff.path));
}

function classifyPathDiff(diff: Diff, context: Context): ContractChange | undefined {
  const [, route, method, section, ...rest] = diff.path;
  if (method === undefined) return change(diff, byLibrary(diff), `path ${describe(diff)}`, String(route ?? 'paths'));
  const operation = `${String(method).toUpperCase()} ${String(route)}`;
  if (section === undefined) {
    const rule: RuleId = diff.action === 'add' ? 'endpoint-added' : diff.action === 'remove' ? 'endpoint-removed' : 'unclassified';
    return change(diff, rule, `operation ${PAST[diff.action]}`, operation);
  }
  if (section === 'security') return change(diff, 'security-changed', `security requirements: ${describe(diff)}`, `${operation} → security`);
  if (section === 'responses') return classifyResponseDiff(diff, context, operation, rest);
  if (section === 'requestBody') return classifyRequestBodyDiff(diff, context, operation, rest);
  if (section === 'parameters') return classifyParameterDiff(diff, context, operation, rest);
  return change(diff, byLibrary(diff), describe(diff), operation);
}

function classifyResponseDiff(diff: Diff, context: Context, operation: string, [code, part, name, schema, ...schemaPath]: Segment[]) {
  const where = `${operation} → ${String(code)}`;
  if (part === undefined) {
    const rule: RuleId = diff.action === 'remove' ? 'status-code-changed' : diff.action === 'add' ? 'compatible-change' : 'unclassified';
    return change(diff, rule, `response ${String(code)} ${PAST[diff.action]}`, where);
  }
  if (part === 'content' && schema === 'schema') {
    return classifySchemaDiff(diff, context, 'response', schemaPath, `${where} ${String(name)}`);
  }
  if ((part === 'content' || part === 'headers') && name !== undefined && schema === undefined && diff.action !== 'replace') {
    const what = part === 'content' ? `media type ${String(name)}` : `header ${String(name)}`;
    const rule: RuleId = diff.action === 'remove' ? 'response-structure-changed' : 'compatible-change';
    return change(diff, rule, `response ${what} ${PAST[diff.action]}`, where);
  }
  return change(diff, bySide(diff, 'response'), `response: ${describe(diff)}`, where);
}

function classifyRequestBodyDiff(diff: Diff, context: Context, operation: string, [part, mediaType, schema, ...schemaPath]: Segment[]) {
  const where = `${operation} → request body`;
  if (part === undefined) {
    if (diff.action === 'remove') return change(diff, 'field-removed', 'request body removed', where);
    const rule: RuleId = diff.type === 'breaking' ? 'required-request-field-added' : 'optional-request-field-added';
    return change(diff, rule, `${diff.type === 'breaking' ? 'required' : 'optional'} request body added`, where);
  }
  if (part === 'content' && schema === 'schema') {
    return classifySchemaDiff(diff, context, 'request', schemaPath, `${where} ${String(mediaType)}`);
  }
  return change(diff, bySide(diff, 'request'), `request body: ${describe(diff)}`, where);
}

function classifyParameterDiff(diff: Diff, context: Context, operation: string, [index, part, ...schemaPath]: Segment[]) {
  const [route, method] = diff.path.slice(1, 3) as [string, string];
  const added = diff.action === 'add' && part === undefined;
  const parameter = resolve(added ? context.after : context.before, added ? diff.after : parametersOf(context.before, route, method)[Number(index)]);
  const subject = `${String(parameter?.in ?? '')} parameter \`${String(parameter?.name ?? index)}\``;
  const where = `${operation} → ${subject.replaceAll('`', '')}`;
  if (part === undefined) {
    if (diff.action === 'remove') return change(diff, 'field-removed', `${subject} removed`, where);
    if (diff.type === 'breaking') return change(diff, 'required-request-field-added', `required ${subject} added`, where);
    return change(diff, 'optional-parameter-added', `optional ${subject} added`, where);
  }
  if (part === 'schema') return classifySchemaDiff(diff, context, 'request', schemaPath, where, subject);
  return change(diff, bySide(diff, 'request'), `${subject}: ${describe(diff)}`, where);
}

function classifySchemaDiff(diff: Diff, context: Context, side: Side, path: Segment[], where: string, subject?: string) {
  const [parent, last] = [path.at(-2), path.at(-1)];
  const field = fieldPath(path);
  const at = field ? `${where} → ${field}` : subject ? where : `${where} → body`;
  const about = subject ?? `${side} ${field ? `field \`${leaf(field)}\`` : 'body'}`;
  if (diff.type === 'annotation') return change(diff, 'documentation', `${about}: ${describe(diff)}`, at);
  if (diff.type === 'deprecated') return change(diff, 'deprecated', `${about}: ${describe(diff)}`, at);

  if (parent === 'properties' && diff.action !== 'replace') {
    if (diff.action === 'remove') return change(diff, 'field-removed', `${about} removed`, at);
    const rule: RuleId = side === 'response' ? 'response-field-added' : diff.type === 'breaking' ? 'required-request-field-added' : 'optional-request-field-added';
    return change(diff, rule, `${rule === 'response-field-added' ? '' : rule === 'required-request-field-added' ? 'required ' : 'optional '}${about} added`, at);
  }
  if (parent === 'required') {
    const name = String(diff.after ?? diff.before);
    if (context.propertyChanges.has(JSON.stringify([...diff.path.slice(0, -2), 'properties', name]))) return undefined;
    const made = diff.action === 'add';
    const rule: RuleId = side === 'request' ? (made ? 'stricter-validation' : 'validation-relaxed') : made ? 'compatible-change' : 'response-structure-changed';
    const what = side === 'request' ? (made ? 'made required' : 'no longer required') : made ? 'now always present' : 'no longer always present';
    return change(diff, rule, `${side} field \`${name}\` ${what}`, `${where} → ${[field, name].filter(Boolean).join('.')}`);
  }
  if (last === 'type' || parent === 'type' || last === 'format') {
    const breaks = diff.type !== 'non-breaking' || (side === 'response' && diff.action === 'replace');
    return change(diff, breaks ? 'type-changed' : side === 'request' ? 'validation-relaxed' : 'compatible-change', `${about}: ${describe(diff)}`, at);
  }
  if (last === 'additionalProperties') {
    // Clients ignore unknown response fields (SPEC §9.4); a request schema that closes or narrows its
    // extra properties refuses bodies it accepted (the library calls both the other way round).
    const narrows = diff.action !== 'remove' && diff.after !== true;
    const rule: RuleId = side === 'response' ? 'compatible-change' : narrows ? 'stricter-validation' : 'validation-relaxed';
    return change(diff, rule, `${about}: ${describe(diff)}`, at);
  }
  if (last === 'default') {
    const rule: RuleId = diff.action === 'add' ? 'default-added' : side === 'request' ? 'behaviour-changed' : 'compatible-change';
    return change(diff, rule, `${about}: ${describe(diff)}`, at);
  }
  return change(diff, bySide(diff, side), `${about}: ${describe(diff)}`, at);
}

/** The library's verdict where no SPEC rule is more specific. */
function byLibrary(diff: Diff): RuleId {
  if (diff.type === 'annotation') return 'documentation';
  if (diff.type === 'deprecated') return 'deprecated';
  return diff.type === 'non-breaking' ? 'compatible-change' : 'unclassified';
}

/** The library's verdict, named after the side it is on. */
function bySide(diff: Diff, side: Side): RuleId {
  if (diff.type === 'annotation' || diff.type === 'deprecated') return byLibrary(diff);
  if (diff.type === 'non-breaking') return side === 'request' ? 'validation-relaxed' : 'compatible-change';
  return side === 'request' ? 'stricter-validation' : 'response-structure-changed';
}

function change(diff: Diff, rule: RuleId, message: string, where: string): ContractChange {
  return { contract: 'REST', rule, message, where, path: jsonPath(diff.path) };
}

/** `items.properties.address` → `[].address`: the field a schema path points into. */
function fieldPath(path: Segment[]): string {
  let field = '';
  // The last segment is the keyword that changed, not a step into a field.
  for (let i = 0; i < path.length - 1; i += 1) {
    if (path[i] === 'properties') field += `.${String(path[++i])}`;
    else if (path[i] === 'items') field += '[]';
    else if (path[i] === 'additionalProperties') field += '{*}';
  }
  return field.replace(/^\./, '');
}

const leaf = (field: string) => field.split('.').at(-1)!.replace(/(\[\]|\{\*\})+$/, '') || field;

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};
const isScalar = (value: unknown) => typeof value !== 'object' || value === null;

/** What happened to the value at the end of the diff's path, e.g. "`maxLength` changed: 50 → 20". */
function describe({ action, path, before, after }: Diff): string {
  const last = path.at(-1);
  if (action === 'rename') return `renamed: ${show(before)} → ${show(after)}`;
  if (typeof last === 'number') {
    const values = `${String(path.at(-2))} value`;
    if (action === 'replace') return `${values} changed: ${show(before)} → ${show(after)}`;
    return `${values} ${show(action === 'add' ? after : before)} ${PAST[action]}`;
  }
  if (action === 'replace') return `\`${String(last)}\` changed: ${show(before)} → ${show(after)}`;
  const value = action === 'add' ? after : before;
  return `\`${String(last)}\` ${PAST[action]}${isScalar(value) ? ` (${action === 'add' ? '' : 'was '}${show(value)})` : ''}`;
}

/** `$.paths["/api/v1/users"].get.responses["200"]`: a JSONPath that survives `/` and `.` in keys. */
function jsonPath(path: Segment[]): string {
  return `$${path.map((s) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join('')}`;
}

function parametersOf(doc: Doc, route: string, method: string): unknown[] {
  const item = doc.paths?.[route];
  return [...(item?.[method]?.parameters ?? []), ...(item?.parameters ?? [])];
}

function resolve(doc: Doc, node: unknown): Doc | undefined {
  let current = node as Doc | undefined;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 10; hops += 1) {
    current = current.$ref.replace(/^#\//, '').split('/').reduce<Doc | undefined>((at, key) => at?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
  }
  return current;
}
