/**
 * The one place where failures become protocol errors. Domain errors from the core map to REST
 * statuses here (and to GraphQL codes in the GraphQL layer through `domainErrorCode`); anything
 * unexpected is a 500 whose body reveals nothing but the request id.
 */
import { ConflictError, DomainError, InvalidInputError, NotFoundError, RuleViolationError, type DomainErrorKind } from '../core/errors.js';
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
