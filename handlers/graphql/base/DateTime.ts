// `graphql/index.js`: the same (CommonJS) build yoga and graphql-tools load; under vitest a bare
// `graphql` resolves to the ESM build, a second realm (see README, GraphQL).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql/index.js';

// RFC 3339 date-time with an explicit offset (`Z` or ±hh:mm), optional fraction.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function parse(value: unknown): string {
  const date = typeof value === 'string' && RFC3339.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new GraphQLError('DateTime must be an RFC 3339 date-time with an offset, e.g. 2026-11-21T14:03:07.123Z', { extensions: { code: 'BAD_USER_INPUT' } });
  }
  return date.toISOString();
}

/** ISO 8601 UTC with `Z` and milliseconds out; RFC 3339 with any offset in, normalized to UTC. */
export const DateTime = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError(`DateTime cannot represent ${String(value)}`);
    return date.toISOString();
  },
  parseValue: parse,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string', { nodes: ast, extensions: { code: 'BAD_USER_INPUT' } });
    try {
      return parse(ast.value);
    } catch (err) {
      throw new GraphQLError((err as Error).message, { nodes: ast, extensions: { code: 'BAD_USER_INPUT' } });
    }
  },
});
