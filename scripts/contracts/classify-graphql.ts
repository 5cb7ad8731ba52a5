/**
 * Classifies the differences between two GraphQL schemas by the rules of SPEC §9.3/§9.4
 * (rules.ts), from @graphql-inspector/core's `diff`.
 *
 * Inspector's criticality is BREAKING, DANGEROUS or NON_BREAKING. DANGEROUS counts as breaking —
 * SPEC §9.11 lets GraphQL evolve by additive changes only — except where SPEC §9.4 names the
 * change compatible: an optional argument or an input field with a default is an optional request
 * field, a default added where there was none is a default, and a value added to an enum that no
 * output field returns only relaxes validation. A value added to an enum that clients read, a member
 * added to a union and an interface added to a type stay breaking (clients switching on the value or
 * `__typename` meet something new), and so does a changed default (behaviour).
 *
 * `@auth` decides who may read a field, so any change of its use is a security change — including
 * the NON_BREAKING ones inspector reports, such as `@auth` gaining `requires: ADMIN`. A change inside
 * an element that is itself added or removed (the fields of a new type, the `@auth` of a new field)
 * is part of that addition or removal and is not reported on its own.
 */
import { createRequire } from 'node:module';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import type { GraphQLSchema } from 'graphql';
import type { ContractChange, RuleId } from './rules.js';

// graphql refuses schema objects of another copy of itself. Inspector always gets graphql's CommonJS
// build from Node; a bundling runner (vitest) would hand a plain `import` the ESM build. Ask Node too.
const { buildSchema, getNamedType, isInterfaceType, isObjectType } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** Change types that add or remove a whole element; what inspector reports inside one is folded in. */
const WHOLE = /^(TYPE|FIELD|INPUT_FIELD|FIELD_ARGUMENT|ENUM_VALUE|DIRECTIVE|DIRECTIVE_USAGE_\w+)_(ADDED|REMOVED)$/;

/**
 * Every change between a released SDL and the working one, classified.
 * @example await classifyGraphql('type Query { a: Int }', 'type Query { a: Int, b: Int }') // [{ rule: 'endpoint-added', … }]
 */
export async function classifyGraphql(beforeSdl: string, afterSdl: string): Promise<ContractChange[]> {
  const before = schemaOf(beforeSdl, 'released');
  const after = schemaOf(afterSdl, 'working');
  const changes = await diff(before, after);
  const wholes = changes.filter((c) => WHOLE.test(c.type) && c.path).map((c) => `${c.path}.`);
  // A directive argument whose value changed comes as REMOVED + ADDED (with oldArgumentValue); keep the ADDED.
  const revalued = new Set(changes.filter((c) => c.type === 'DIRECTIVE_USAGE_ARGUMENT_ADDED' && c.meta.oldArgumentValue != null).map((c) => c.path));
  const seen = new Set<string>();
  const classified: ContractChange[] = [];
  for (const change of changes) {
    const where = change.path ?? change.type;
    if (wholes.some((prefix) => where.startsWith(prefix))) continue;
    if (change.type === 'DIRECTIVE_USAGE_ARGUMENT_REMOVED' && revalued.has(where)) continue;
    const rule = ruleOf(change, before, after);
    if (rule === undefined || seen.has(`${rule} ${where}`)) continue;
    seen.add(`${rule} ${where}`);
    classified.push({ contract: 'GraphQL', rule, message: messageOf(change), where, path: where });
  }
  return classified;
}

function messageOf({ type, meta, message }: Change): string {
  if (type !== 'DIRECTIVE_USAGE_ARGUMENT_ADDED' || meta.oldArgumentValue == null) return message;
  return `Argument '${meta.addedArgumentName}' of '@${meta.directiveName}' changed from ${meta.oldArgumentValue} to ${meta.addedArgumentValue}`;
}

function schemaOf(sdl: string, which: string): GraphQLSchema {
  try {
    return buildSchema(sdl);
  } catch (error) {
    throw new Error(`the ${which} GraphQL schema does not build: ${(error as Error).message}`);
  }
}

function ruleOf(change: Change, before: GraphQLSchema, after: GraphQLSchema): RuleId | undefined {
  const meta = change.meta as Record<string, string | undefined>;
  const breaking = change.criticality.level === CriticalityLevel.Breaking;
  const [typeName = ''] = (change.path ?? '').split('.');
  const directive = /@(\w+)/.exec(change.path ?? '')?.[1];

  if (directive === 'auth') return 'security-changed';
  // Deprecations are reported twice (FIELD_DEPRECATION_ADDED and the @deprecated directive usage); keep the usage.
  if (change.type.includes('_DEPRECATION_')) return undefined;
  if (directive === 'deprecated') {
    if (/^DIRECTIVE_USAGE_ARGUMENT_(ADDED|REMOVED)$/.test(change.type)) return 'documentation';
    return change.type.endsWith('_ADDED') ? 'deprecated' : 'compatible-change';
  }
  if (change.type.includes('DESCRIPTION') || directive === 'specifiedBy') return 'documentation';

  switch (change.type) {
    case 'FIELD_ADDED':
      return isRoot(after, typeName) ? 'endpoint-added' : 'response-field-added';
    case 'FIELD_REMOVED':
      return isRoot(before, typeName) ? 'endpoint-removed' : 'field-removed';
    case 'TYPE_REMOVED':
    case 'INPUT_FIELD_REMOVED':
    case 'FIELD_ARGUMENT_REMOVED':
      return 'field-removed';
    case 'INPUT_FIELD_ADDED':
      return breaking ? 'required-request-field-added' : 'optional-request-field-added';
    case 'FIELD_ARGUMENT_ADDED':
      return breaking ? 'required-request-field-added' : 'optional-parameter-added';
    case 'FIELD_TYPE_CHANGED':
      return breaking ? 'type-changed' : 'compatible-change';
    case 'INPUT_FIELD_TYPE_CHANGED':
      return inputTypeRule(breaking, meta.oldInputFieldType, meta.newInputFieldType);
    case 'FIELD_ARGUMENT_TYPE_CHANGED':
      return inputTypeRule(breaking, meta.oldArgumentType, meta.newArgumentType);
    case 'TYPE_KIND_CHANGED':
      return 'type-changed';
    case 'FIELD_ARGUMENT_DEFAULT_CHANGED':
    case 'INPUT_FIELD_DEFAULT_VALUE_CHANGED':
      return meta.oldDefaultValue === undefined ? 'default-added' : 'behaviour-changed';
    case 'ENUM_VALUE_ADDED':
      return returnedByAnyField(after, typeName) ? 'response-structure-changed' : 'validation-relaxed';
    case 'ENUM_VALUE_REMOVED':
      return returnedByAnyField(before, typeName) ? 'response-structure-changed' : 'stricter-validation';
    case 'UNION_MEMBER_ADDED':
    case 'UNION_MEMBER_REMOVED':
    case 'OBJECT_TYPE_INTERFACE_ADDED':
    case 'OBJECT_TYPE_INTERFACE_REMOVED':
    case 'SCHEMA_QUERY_TYPE_CHANGED':
    case 'SCHEMA_MUTATION_TYPE_CHANGED':
    case 'SCHEMA_SUBSCRIPTION_TYPE_CHANGED':
      return 'response-structure-changed';
    case 'TYPE_ADDED':
      return 'compatible-change';
    default:
      return change.criticality.level === CriticalityLevel.NonBreaking ? 'compatible-change' : 'unclassified';
  }
}

/** A nullable input made non-null is a new requirement (stricter validation); other changes change the type. */
function inputTypeRule(breaking: boolean, before: string | undefined, after: string | undefined): RuleId {
  if (!breaking) return 'validation-relaxed';
  return after === `${before}!` ? 'stricter-validation' : 'type-changed';
}

function isRoot(schema: GraphQLSchema, typeName: string): boolean {
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].some((root) => root?.name === typeName);
}

/** Whether some object or interface field returns the named type (so clients read its values). */
function returnedByAnyField(schema: GraphQLSchema, typeName: string): boolean {
  return Object.values(schema.getTypeMap()).some(
    (type) => (isObjectType(type) || isInterfaceType(type)) && Object.values(type.getFields()).some((field) => getNamedType(field.type).name === typeName),
  );
}
