// `graphql/index.js`: the same (CommonJS) build yoga and graphql-tools load; under vitest a bare
// `graphql` resolves to the ESM build, a second realm (see README, GraphQL).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql/index.js';

// WHATWG HTML "valid e-mail address".
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

function parse(value: unknown): string {
  if (typeof value !== 'string' || !EMAIL.test(value)) {
    throw new GraphQLError('Email must be a valid e-mail address', { extensions: { code: 'BAD_USER_INPUT' } });
  }
  return value;
}

/** An e-mail address as a string. */
export const Email = new GraphQLScalarType<string, string>({
  name: 'Email',
  serialize: (value) => String(value),
  parseValue: parse,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || !EMAIL.test(ast.value)) {
      throw new GraphQLError('Email must be a valid e-mail address', { nodes: ast, extensions: { code: 'BAD_USER_INPUT' } });
    }
    return ast.value;
  },
});
