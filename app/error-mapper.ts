/**
 * The one place where failures become protocol errors. Domain errors from the core map to REST
 * statuses and to GraphQL errors and userErrors here; anything unexpected is a 500 (REST) or an
 * INTERNAL_SERVER_ERROR (GraphQL) that reveals nothing but the request id.
 */
// `graphql/index.js`: the same (CommonJS) build yoga and graphql-tools load; under vitest a bare
// `graphql` resolves to the ESM build, a second realm (see README, GraphQL).
import { GraphQLError } from 'graphql/index.js';
import {
  BusinessRuleError,
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RuleViolationError,
  UnauthenticatedError,
  type DomainErrorKind,
  type Violation,
} from '../core/errors.js';
import type { ErrorCode } from '../generated/graphql/resolvers-types.js';
import { HttpError } from './http-error.js';

const REST_STATUS: Record<DomainErrorKind, number> = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  INSUFFICIENT_FUNDS: 422,
  UNAVAILABLE: 503,
};

/** GraphQL `extensions.code` / userError code for each domain error kind. */
export const GRAPHQL_CODE: Record<DomainErrorKind, string> = {
  INVALID: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  BUSINESS_RULE: 'INVALID_INPUT',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/**
 * Turns any thrown value into an HttpError; returns undefined for unexpected errors (a 500).
 * @example toHttpError(new NotFoundError('User', 'usr_x'))?.status // 404
 */
export function toHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  if (!(err instanceof DomainError)) return undefined;
  const status = REST_STATUS[err.kind];
  if (err instanceof InvalidInputError) {
    return new HttpError(status, err.message, { details: err.problems.length ? err.problems : undefined });
  }
  if (err instanceof RuleViolationError) {
    return new HttpError(status, err.message, { details: err.violations.map(({ field, message }) => ({ field, message })) });
  }
  if (err instanceof ConflictError) return new HttpError(status, err.message, { title: err.title });
  if (err instanceof NotFoundError) return new HttpError(status, err.message);
  return new HttpError(status, err.message);
}

// ---------------------------------------------------------------------------------------------
// GraphQL: field errors in `errors` (extensions.code from GRAPHQL_CODE plus the details SPEC §7.2
// names), and mutation failures as payload `userErrors`.

/** userError code for each kind of violation a mutation collects. */
export const USER_ERROR_CODE: Record<Violation['kind'], ErrorCode> = {
  INVALID: 'INVALID_INPUT',
  BUSINESS_RULE: 'INVALID_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  FORBIDDEN: 'AUTHORIZATION_FAILED',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  CONFLICT: 'DUPLICATE_ACCOUNT',
};

/** A mutation failure as the `UserError` type reports it. */
export interface GraphQLUserError {
  message: string;
  field: string[] | null;
  code: ErrorCode;
}

/** `items[0].quantity` → `['items', '0', 'quantity']`. */
const fieldPath = (field: string | undefined): string[] | null => (field ? field.split(/[.[\]]+/).filter(Boolean) : null);

/**
 * The userErrors a mutation answers for a failure of the core, or undefined when the failure is
 * not the client's to fix (unauthenticated, unavailable, unexpected): those go to `errors`.
 * @example toUserErrors(new RuleViolationError([{ field: 'amount', kind: 'INVALID', message: 'must be greater than 0' }]))
 *   // [{ message: 'must be greater than 0', field: ['amount'], code: 'INVALID_INPUT' }]
 */
export function toUserErrors(err: unknown): GraphQLUserError[] | undefined {
  if (err instanceof RuleViolationError) {
    return err.violations.map((v) => ({ message: v.message, field: fieldPath(v.field), code: USER_ERROR_CODE[v.kind] }));
  }
  if (err instanceof InvalidInputError) {
    if (err.problems.length === 0) return [{ message: err.message, field: null, code: 'INVALID_INPUT' }];
    return err.problems.map((p) => ({ message: p.message, field: fieldPath(p.field), code: 'INVALID_INPUT' }));
  }
  if (err instanceof BusinessRuleError) return [{ message: err.message, field: fieldPath(err.field), code: USER_ERROR_CODE[err.kind] }];
  if (err instanceof ConflictError) return [{ message: err.message, field: fieldPath(err.field), code: 'DUPLICATE_ACCOUNT' }];
  if (err instanceof NotFoundError) return [{ message: err.message, field: null, code: 'NOT_FOUND' }];
  if (err instanceof ForbiddenError) return [{ message: err.message, field: null, code: 'AUTHORIZATION_FAILED' }];
  return undefined;
}

/** `extensions` of the GraphQL error for a domain error (SPEC §7.2). */
export function graphqlExtensions(err: DomainError): Record<string, unknown> {
  const extensions: Record<string, unknown> = { code: GRAPHQL_CODE[err.kind] };
  if (err instanceof UnauthenticatedError) extensions.timestamp = new Date().toISOString();
  if (err instanceof NotFoundError) Object.assign(extensions, { resource: err.resource, id: err.id });
  if (err instanceof InvalidInputError && err.problems.length) extensions.details = err.problems;
  if (err instanceof RuleViolationError) extensions.details = err.violations.map(({ field, message }) => ({ field, message }));
  return extensions;
}

/**
 * Maps one error of a GraphQL result. A domain error raised by a resolver keeps its message and
 * gains its code; an error of the request itself (no path: bad variables, syntax, validation)
 * keeps its code or gets BAD_USER_INPUT; an error that already carries a code is kept. Anything
 * else is unexpected: undefined, and the caller logs it and answers `internalGraphQLError`.
 */
export function toGraphQLError(error: GraphQLError): GraphQLError | undefined {
  const original = error.originalError;
  const located = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
  if (original instanceof DomainError) return new GraphQLError(original.message, { ...located, extensions: graphqlExtensions(original) });
  if (original && !(original instanceof GraphQLError)) return undefined;
  if (typeof error.extensions.code === 'string') return error;
  if (error.path) return undefined;
  return new GraphQLError(error.message, { ...located, originalError: original, extensions: { ...error.extensions, code: 'BAD_USER_INPUT' } });
}

/** The generic error that stands in for an unexpected one: no internals, only the request id. */
export function internalGraphQLError(error: GraphQLError, requestId: string): GraphQLError {
  return new GraphQLError(`An unexpected error occurred; quote request id ${requestId} when reporting it`, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
  });
}
