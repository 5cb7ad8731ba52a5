/** `app.onError` and `app.notFound`: every failure leaves as the one error envelope. */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { AppEnv } from '../context.js';
import { toHttpError } from '../error-mapper.js';
import { errorBody } from '../http-error.js';
import type { Logger } from '../logger.js';

/** Maps thrown errors to the envelope; unexpected ones are logged and answered with a bare 500. */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return function handleError(err, c) {
    const requestId = c.get('requestId') ?? 'unknown';
    const http = toHttpError(err);
    if (!http) {
      logger.error({ err, requestId, method: c.req.method, path: c.req.path }, 'unhandled error');
      return respond(c, 500, 'Internal Server Error', `An unexpected error occurred; quote request id ${requestId} when reporting it`);
    }
    for (const [name, value] of Object.entries(http.options.headers ?? {})) c.header(name, value);
    return respond(c, http.status, http.title, http.message, http.options.details);
  };
}

function respond(c: Context<AppEnv>, status: number, title: string, message: string, details?: unknown) {
  const requestId = c.get('requestId') ?? 'unknown';
  c.header('X-Request-Id', requestId);
  return c.json(errorBody(status, title, message, c.req.path, requestId, details), status as 400);
}

/** 404 for any path no route serves (including paths with a file extension). */
export const notFound: NotFoundHandler<AppEnv> = (c) => respond(c, 404, 'Not Found', `No resource at ${c.req.path}`);
