// `graphql/index.js`: the same (CommonJS) build yoga and graphql-tools load; under vitest a bare
// `graphql` resolves to the ESM build, a second realm (see README, GraphQL).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql/index.js';

// A plain decimal: optional leading minus, digits, optional fraction; no exponent, no separators.
const DECIMAL = /^-?\d+(\.\d+)?$/;

const invalid = (shown: string, nodes?: import('graphql/index.js').ValueNode) =>
  new GraphQLError(`Currency must be a decimal amount such as "1234.50" (no exponent); got ${shown}`, { nodes, extensions: { code: 'BAD_USER_INPUT' } });

/** A number is read through its shortest decimal text (`1234.5`), which must not use an exponent. */
function parse(value: unknown): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !DECIMAL.test(text)) throw invalid(JSON.stringify(value) ?? String(value));
  return text;
}

/**
 * Exact money as a decimal string. Output values are already formatted with their currency's
 * minor units by the resolvers (the scalar does not know the currency); input is validated for
 * form only — range and scale are the mutation's userErrors.
 */
export const Currency = new GraphQLScalarType<string, string>({
  name: 'Currency',
  serialize(value) {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !DECIMAL.test(text)) throw new TypeError(`Currency cannot represent ${String(value)}`);
    return text;
  },
  parseValue: parse,
  parseLiteral(ast) {
    if ((ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) && DECIMAL.test(ast.value)) return ast.value;
    throw invalid(ast.kind === Kind.STRING ? JSON.stringify(ast.value) : 'value' in ast ? String(ast.value) : ast.kind, ast);
  },
});
