/**
 * Depth and cost ceilings, measured on the operation about to run (after parsing and validation,
 * with its variables, so `first: $n` costs what `$n` says).
 *
 * Depth: the longest chain of nested fields; fragments (spread or inline) add no level of their
 * own but their fields count where they are used. Cost: every field costs 1 plus its selection;
 * a field with a size argument (`limit`, `first`, `last`: the value given, else the argument's
 * default, capped to 100 as the resolvers cap it) costs that size times its selection, and so
 * does a list field without one (20), except the list right inside a sized field (a connection's
 * `edges`/`nodes`, already counted by its parent's size). Aliases are separate fields and each
 * costs. Introspection (`__schema`, `__type`) is exempt from both, but may nest at most three
 * list fields, enough for the standard introspection query, so it cannot fan out.
 */
// `graphql/index.js`: the same (CommonJS) build yoga and graphql-tools load; under vitest a bare
// `graphql` resolves to the ESM build, a second realm (see README, GraphQL).
import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql/index.js';
import type { Plugin } from 'graphql-yoga';
import { MAX_PAGE_SIZE } from '../../core/shared/listing.js';

export interface OperationLimits {
  maxDepth: number;
  maxCost: number;
}

export interface OperationMeasure {
  depth: number;
  cost: number;
  /** Deepest nesting of list fields inside introspection. */
  introspectionLists: number;
}

const SIZE_ARGUMENTS = ['last', 'first', 'limit'] as const;
const DEFAULT_LIST_SIZE = 20;
const MAX_INTROSPECTION_LISTS = 3;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  operation: OperationDefinitionNode;
}

/** The value of an argument: literal, variable (or the variable's default), else the schema default. */
function argumentValue(walk: Walk, node: FieldNode, field: GraphQLField<unknown, unknown>, name: string): unknown {
  const given = node.arguments?.find((a) => a.name.value === name)?.value;
  const literal = (value: ValueNode | undefined): unknown => {
    if (!value) return undefined;
    if (value.kind === Kind.INT) return Number(value.value);
    if (value.kind === Kind.VARIABLE) {
      const sent = walk.variables[value.name.value];
      if (sent !== undefined && sent !== null) return sent;
      return literal(walk.operation.variableDefinitions?.find((d) => d.variable.name.value === value.name.value)?.defaultValue);
    }
    return undefined;
  };
  return literal(given) ?? field.args.find((a) => a.name === name)?.defaultValue;
}

/** The size a sized field asks for (capped like the resolvers cap it), or undefined when it has no size argument. */
function sizeOf(walk: Walk, node: FieldNode, field: GraphQLField<unknown, unknown>): number | undefined {
  const names = SIZE_ARGUMENTS.filter((n) => field.args.some((a) => a.name === n));
  if (names.length === 0) return undefined;
  for (const name of names) {
    const value = argumentValue(walk, node, field, name);
    if (typeof value === 'number' && Number.isFinite(value)) return Math.min(Math.max(Math.trunc(value), 1), MAX_PAGE_SIZE);
  }
  return DEFAULT_LIST_SIZE;
}

function fieldsOf(type: GraphQLNamedType | undefined) {
  return type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields() : undefined;
}

function fieldDefinition(parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === '__schema') return SchemaMetaFieldDef;
  if (name === '__type') return TypeMetaFieldDef;
  return fieldsOf(parent)?.[name];
}

/** Every field of a selection set with its parent type, fragments flattened (each fragment once per path). */
function* fieldsIn(walk: Walk, set: SelectionSetNode, parent: GraphQLNamedType | undefined, seen: ReadonlySet<string>): Generator<[FieldNode, GraphQLNamedType | undefined]> {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) yield [selection, parent];
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      yield* fieldsIn(walk, selection.selectionSet, type, seen);
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      if (!fragment || seen.has(name)) continue; // cycles are a validation error anyway
      yield* fieldsIn(walk, fragment.selectionSet, walk.schema.getType(fragment.typeCondition.name.value), new Set([...seen, name]));
    }
  }
}

/** Deepest nesting of list fields under an introspection field. */
function introspectionLists(walk: Walk, set: SelectionSetNode | undefined, parent: GraphQLNamedType | undefined, seen: ReadonlySet<string>): number {
  if (!set) return 0;
  let deepest = 0;
  for (const [node, type] of fieldsIn(walk, set, parent, seen)) {
    const field = fieldDefinition(type, node.name.value);
    if (!field) continue;
    const nested = introspectionLists(walk, node.selectionSet, getNamedType(field.type), seen);
    deepest = Math.max(deepest, nested + (isListType(getNullableType(field.type)) ? 1 : 0));
  }
  return deepest;
}

function measureSet(walk: Walk, set: SelectionSetNode, parent: GraphQLNamedType | undefined, insideSized: boolean): OperationMeasure {
  const total: OperationMeasure = { depth: 0, cost: 0, introspectionLists: 0 };
  for (const [node, type] of fieldsIn(walk, set, parent, new Set())) {
    const name = node.name.value;
    const field = fieldDefinition(type, name);
    if (name === '__schema' || name === '__type') {
      const lists = introspectionLists(walk, node.selectionSet, getNamedType(field!.type), new Set());
      total.introspectionLists = Math.max(total.introspectionLists, lists);
      total.depth = Math.max(total.depth, 1);
      continue;
    }
    if (!field) {
      total.depth = Math.max(total.depth, 1);
      total.cost += 1; // __typename
      continue;
    }
    const size = sizeOf(walk, node, field);
    const isList = isListType(getNullableType(field.type));
    const child = node.selectionSet ? measureSet(walk, node.selectionSet, getNamedType(field.type), size !== undefined) : { depth: 0, cost: 0, introspectionLists: 0 };
    const multiplier = size ?? (isList ? (insideSized ? 1 : DEFAULT_LIST_SIZE) : undefined);
    total.depth = Math.max(total.depth, 1 + child.depth);
    total.cost += multiplier === undefined ? 1 + child.cost : multiplier * Math.max(1, child.cost);
    total.introspectionLists = Math.max(total.introspectionLists, child.introspectionLists);
  }
  return total;
}

/**
 * Measures the operation `operationName` (or the only one) of a validated document.
 * @example measureOperation(schema, parse('{ users { id } }')) // { depth: 2, cost: 20, introspectionLists: 0 }
 */
export function measureOperation(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null, variables: Record<string, unknown> = {}): OperationMeasure {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation) return { depth: 0, cost: 0, introspectionLists: 0 };
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const root = schema.getRootType(operation.operation) ?? undefined;
  return measureSet({ schema, fragments, variables, operation }, operation.selectionSet, root, false);
}

// A request error: 400 for `application/graphql-response+json`, 200 for `application/json`
// (GraphQL over HTTP); yoga reads and strips `extensions.http`.
const REQUEST_ERROR = { status: 400, spec: true };

/** The error for an operation over a limit, or undefined when it is within them. */
export function checkOperationLimits(measure: OperationMeasure, limits: OperationLimits): GraphQLError | undefined {
  if (measure.depth > limits.maxDepth) {
    return new GraphQLError(`Query depth ${measure.depth} exceeds the maximum depth of ${limits.maxDepth}`, {
      extensions: { code: 'QUERY_TOO_DEEP', depth: measure.depth, maxDepth: limits.maxDepth, http: REQUEST_ERROR },
    });
  }
  if (measure.introspectionLists > MAX_INTROSPECTION_LISTS) {
    return new GraphQLError(`Introspection nests ${measure.introspectionLists} lists; at most ${MAX_INTROSPECTION_LISTS} are allowed`, {
      extensions: { code: 'QUERY_TOO_DEEP', depth: measure.introspectionLists, maxDepth: MAX_INTROSPECTION_LISTS, http: REQUEST_ERROR },
    });
  }
  if (measure.cost > limits.maxCost) {
    return new GraphQLError(`Query complexity ${measure.cost} exceeds the maximum complexity of ${limits.maxCost}`, {
      extensions: { code: 'QUERY_TOO_COMPLEX', cost: measure.cost, maxCost: limits.maxCost, http: REQUEST_ERROR },
    });
  }
  return undefined;
}

/** Rejects operations over the limits before they execute (queries, mutations, subscriptions). */
export function useOperationLimits(limits: OperationLimits): Plugin {
  const check = (args: { schema: GraphQLSchema; document: DocumentNode; operationName?: string | null; variableValues?: unknown }) =>
    checkOperationLimits(measureOperation(args.schema, args.document, args.operationName, (args.variableValues ?? {}) as Record<string, unknown>), limits);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
