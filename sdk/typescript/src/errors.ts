/**
 * Typed REST errors. Every 4xx/5xx of the Concord API carries the contract's `Error` body
 * (`{ timestamp, status, error, message, path, requestId, details? }`); `ConcordApiError` exposes it
 * as fields, with one subclass (and one `kind`) per status a client reacts to differently.
 */
import { parseRetryAfter } from './sleep.js';
import type { components } from './schema.js';

/** The contract's error body. */
export type ErrorBody = components['schemas']['Error'];
/** One invalid value of a rejected request (`details` of a 400). */
export type FieldError = components['schemas']['FieldError'];

export type ConcordErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE_ENTITY'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'OTHER';

/**
 * An error answer of the REST API.
 *
 * @example
 * try { unwrap(await client.rest.GET('/api/v1/users/{userId}', { params: { path: { userId } } })); }
 * catch (err) { if (err instanceof NotFoundError) … else if (err instanceof ConcordApiError) console.log(err.requestId); }
 */
export class ConcordApiError extends Error {
  override name = 'ConcordApiError';
  readonly kind: ConcordErrorKind = 'OTHER';
  /** HTTP status. */
  readonly status: number;
  /** Short title, the HTTP reason phrase (`"Conflict"`). */
  readonly error: string;
  /** Id of the failed request (also the `X-Request-Id` response header); quote it in support requests. */
  readonly requestId: string | undefined;
  /** Field errors of a 400 validation failure, or the sunset details of a 410. */
  readonly details: ErrorBody['details'];
  /** Path of the failed request. */
  readonly path: string | undefined;
  /** When the error occurred (ISO 8601 UTC). */
  readonly timestamp: string | undefined;
  /** The error body as received (synthesized from the status when the server sent none). */
  readonly body: ErrorBody;
  /** The HTTP response, when there was one. */
  readonly response: Response | undefined;

  constructor(body: ErrorBody, response?: Response) {
    super(body.message);
    this.body = body;
    this.status = body.status;
    this.error = body.error;
    this.requestId = body.requestId || response?.headers.get('X-Request-Id') || undefined;
    this.details = body.details;
    this.path = body.path || undefined;
    this.timestamp = body.timestamp || undefined;
    this.response = response;
  }
}

/** 400: malformed or invalid request; `fieldErrors` lists the offending values. */
export class BadRequestError extends ConcordApiError {
  override name = 'BadRequestError';
  override readonly kind = 'BAD_REQUEST';
  get fieldErrors(): FieldError[] {
    return Array.isArray(this.details) ? this.details : [];
  }
}
/** 401: missing, invalid or expired token. */
export class UnauthorizedError extends ConcordApiError {
  override name = 'UnauthorizedError';
  override readonly kind = 'UNAUTHORIZED';
}
/** 403: authenticated but not permitted (another user's resource, a role-restricted operation, a suspended user). */
export class ForbiddenError extends ConcordApiError {
  override name = 'ForbiddenError';
  override readonly kind = 'FORBIDDEN';
}
/** 404: no such resource (or a malformed id). */
export class NotFoundError extends ConcordApiError {
  override name = 'NotFoundError';
  override readonly kind = 'NOT_FOUND';
}
/** 409: illegal state transition, duplicate, or an idempotency key reused with another body. */
export class ConflictError extends ConcordApiError {
  override name = 'ConflictError';
  override readonly kind = 'CONFLICT';
}
/** 422: well-formed but a business rule fails (insufficient funds, currency mismatch, closed account). */
export class UnprocessableEntityError extends ConcordApiError {
  override name = 'UnprocessableEntityError';
  override readonly kind = 'UNPROCESSABLE_ENTITY';
}
/** 429: rate limit exceeded; wait `retryAfterSeconds` before retrying. */
export class RateLimitError extends ConcordApiError {
  override name = 'RateLimitError';
  override readonly kind = 'RATE_LIMITED';
  /** Seconds to wait, from the `Retry-After` header (undefined when absent). */
  readonly retryAfterSeconds: number | undefined;
  constructor(body: ErrorBody, response?: Response) {
    super(body, response);
    const ms = parseRetryAfter(response?.headers.get('Retry-After'));
    this.retryAfterSeconds = ms === undefined ? undefined : Math.ceil(ms / 1000);
  }
}
/** 5xx: the server failed; the message is generic and quotes the request id. May be retried. */
export class ServerError extends ConcordApiError {
  override name = 'ServerError';
  override readonly kind = 'SERVER_ERROR';
}

const BY_STATUS: Record<number, new (body: ErrorBody, response?: Response) => ConcordApiError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.message === 'string' && typeof v.error === 'string';
}

/**
 * Builds the typed error for an error response. `body` is the parsed JSON body (or its text, or
 * undefined); a body that is not the contract's `Error` shape (e.g. from a proxy) is wrapped.
 */
export function createApiError(response: Response, body: unknown): ConcordApiError {
  const status = response.status;
  const errorBody: ErrorBody = isErrorBody(body)
    ? body
    : {
        timestamp: '',
        status,
        error: response.statusText || `HTTP ${status}`,
        message:
          typeof body === 'string' && body.trim() ? body.trim().slice(0, 500) : `HTTP ${status} ${response.statusText}`.trim(),
        path: safePath(response.url),
        requestId: response.headers.get('X-Request-Id') ?? '',
      };
  const Type = BY_STATUS[status] ?? (status >= 500 ? ServerError : ConcordApiError);
  return new Type(errorBody, response);
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** The result shape of every openapi-fetch call. */
export interface FetchResult<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * Returns the data of a successful openapi-fetch result, or throws the typed `ConcordApiError`.
 * (For 204 answers the data is `undefined`.)
 *
 * @example
 * const user = unwrap(await client.rest.GET('/api/v1/users/{userId}', { params: { path: { userId } } }));
 */
export function unwrap<D>(result: FetchResult<D>): D {
  if (!result.response.ok) throw createApiError(result.response, result.error);
  return result.data as D;
}

export function isConcordApiError(value: unknown): value is ConcordApiError {
  return value instanceof ConcordApiError;
}
