/**
 * GraphQL SDL naming lint (SPEC §2.7: type names PascalCase, fields camelCase, enum values
 * SCREAMING_SNAKE_CASE; every type and field is documented so the schema is its own reference).
 *
 * Usage: node --import tsx scripts/lint-graphql.ts [file-or-dir ...]
 * Without arguments it lints every `*.graphql` under contracts/graphql (recursively). Prints one line
 * per violation and exits 1 when there is any.
 *
 * @example
 * lintGraphqlSchema('type user { id: ID! }');
 * // → [{ rule: 'graphql-pascal-case-types', message: 'Type "user" is not PascalCase.', location: { line: 1, column: 6 } }, ...]
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GraphQLError, Kind, Source, getLocation, parse, visit } from 'graphql';
import type { ASTNode, FieldDefinitionNode, InputValueDefinitionNode, NameNode, TypeDefinitionNode } from 'graphql';

export type GraphqlLintRule =
  | 'graphql-syntax'
  | 'graphql-pascal-case-types'
  | 'graphql-camel-case-fields'
  | 'graphql-camel-case-arguments'
  | 'graphql-screaming-enum-values'
  | 'graphql-type-descriptions'
  | 'graphql-field-descriptions';

export interface GraphqlLintViolation {
  rule: GraphqlLintRule;
  message: string;
  location: { line: number; column: number };
}

const PASCAL_CASE = /^[A-Z][a-zA-Z0-9]*$/;
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
const SCREAMING_SNAKE_CASE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

const TYPE_KINDS: Record<TypeDefinitionNode['kind'], string> = {
  [Kind.OBJECT_TYPE_DEFINITION]: 'Type',
  [Kind.INTERFACE_TYPE_DEFINITION]: 'Interface',
  [Kind.UNION_TYPE_DEFINITION]: 'Union',
  [Kind.ENUM_TYPE_DEFINITION]: 'Enum',
  [Kind.INPUT_OBJECT_TYPE_DEFINITION]: 'Input',
  [Kind.SCALAR_TYPE_DEFINITION]: 'Scalar',
};

/** Lints one SDL document (extensions such as `extend type Query` are fine on their own). */
export function lintGraphqlSchema(sdl: string, sourceName = 'schema.graphql'): GraphqlLintViolation[] {
  const source = new Source(sdl, sourceName);
  const violations: GraphqlLintViolation[] = [];
  const report = (rule: GraphqlLintRule, message: string, node: ASTNode) => {
    violations.push({ rule, message, location: node.loc ? getLocation(source, node.loc.start) : { line: 0, column: 0 } });
  };

  let document;
  try {
    document = parse(source, { noLocation: false });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    const [location = { line: 0, column: 0 }] = error.locations ?? [];
    return [{ rule: 'graphql-syntax', message: error.message, location }];
  }

  const checkField = (owner: NameNode, field: FieldDefinitionNode | InputValueDefinitionNode) => {
    const name = `${owner.value}.${field.name.value}`;
    if (!CAMEL_CASE.test(field.name.value)) report('graphql-camel-case-fields', `Field "${name}" is not camelCase.`, field.name);
    if (!field.description) report('graphql-field-descriptions', `Field "${name}" has no description.`, field.name);
  };
  const checkArguments = (owner: string, args: readonly InputValueDefinitionNode[] | undefined) => {
    for (const arg of args ?? []) {
      if (!CAMEL_CASE.test(arg.name.value)) {
        report('graphql-camel-case-arguments', `Argument "${arg.name.value}" of ${owner} is not camelCase.`, arg.name);
      }
    }
  };

  const checkType = (node: TypeDefinitionNode) => {
    const kind = TYPE_KINDS[node.kind];
    if (!PASCAL_CASE.test(node.name.value)) report('graphql-pascal-case-types', `${kind} "${node.name.value}" is not PascalCase.`, node.name);
    if (!node.description) report('graphql-type-descriptions', `${kind} "${node.name.value}" has no description.`, node.name);
  };

  // One visitor function per kind (graphql-js skips a generic `enter` for kinds that have their own).
  visit(document, {
    ScalarTypeDefinition: checkType,
    UnionTypeDefinition: checkType,
    EnumTypeDefinition: checkType,
    ObjectTypeDefinition(node) {
      checkType(node);
      node.fields?.forEach((field) => checkField(node.name, field));
    },
    InterfaceTypeDefinition(node) {
      checkType(node);
      node.fields?.forEach((field) => checkField(node.name, field));
    },
    InputObjectTypeDefinition(node) {
      checkType(node);
      node.fields?.forEach((field) => checkField(node.name, field));
    },
    // Extensions cannot carry a description; their new fields are checked like any other.
    ObjectTypeExtension: (node) => node.fields?.forEach((field) => checkField(node.name, field)),
    InterfaceTypeExtension: (node) => node.fields?.forEach((field) => checkField(node.name, field)),
    InputObjectTypeExtension: (node) => node.fields?.forEach((field) => checkField(node.name, field)),
    FieldDefinition: (node) => checkArguments(`field "${node.name.value}"`, node.arguments),
    DirectiveDefinition: (node) => checkArguments(`directive "@${node.name.value}"`, node.arguments),
    EnumValueDefinition(node) {
      if (!SCREAMING_SNAKE_CASE.test(node.name.value)) {
        report('graphql-screaming-enum-values', `Enum value "${node.name.value}" is not SCREAMING_SNAKE_CASE.`, node.name);
      }
    },
  });
  return violations.sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column);
}

/** Every `*.graphql` file under the given files or directories, sorted. */
export function findGraphqlFiles(targets: string[]): string[] {
  return targets
    .flatMap((target) =>
      statSync(target).isDirectory()
        ? readdirSync(target, { recursive: true, encoding: 'utf8' }).map((entry) => join(target, entry))
        : [target],
    )
    .filter((file) => file.endsWith('.graphql'))
    .sort();
}

function main(argv: string[]): number {
  const defaultDir = fileURLToPath(new URL('../contracts/graphql/', import.meta.url));
  const targets = argv.length > 0 ? argv : [defaultDir];
  const missing = targets.filter((target) => !existsSync(target));
  if (missing.length > 0) {
    console.error(`lint-graphql: not found: ${missing.join(', ')}`);
    return 1;
  }
  const files = findGraphqlFiles(targets);
  if (files.length === 0) {
    console.error(`lint-graphql: no .graphql files found in ${targets.join(', ')}`);
    return 1;
  }
  let count = 0;
  for (const file of files) {
    const shown = relative(process.cwd(), file) || file;
    for (const { rule, message, location } of lintGraphqlSchema(readFileSync(file, 'utf8'), shown)) {
      console.log(`${shown}:${location.line}:${location.column}  ${rule}  ${message}`);
      count += 1;
    }
  }
  console.log(count === 0 ? `lint-graphql: ${files.length} file(s), no violations` : `lint-graphql: ${count} violation(s) in ${files.length} file(s)`);
  return count === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
