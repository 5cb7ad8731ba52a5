/**
 * 413 for request bodies over BODY_LIMIT_BYTES, without costing the common request anything.
 *
 * A body with a declared Content-Length (and no Transfer-Encoding) is judged from the header alone:
 * Node's HTTP parser never delivers more bytes than declared, so the body stays unread until its
 * consumer reads it straight from the socket. Only a chunked body, whose size is unknown up front,
 * is counted as it streams, by Hono's bodyLimit — which has to turn the request into a full web
 * `Request` with a `ReadableStream` to do so, the cost we avoid for every other request.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http-error.js';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refuses bodies over `maxBytes` with 413; requests that cannot carry a body pass untouched. */
export function limitBodySize(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => {
    throw new HttpError(413, `Request body exceeds ${maxBytes} bytes`);
  };
  const counted = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async function bodyLimitMiddleware(c, next) {
    if (!METHODS_WITH_BODY.has(c.req.method)) return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (Number(declared) > maxBytes) tooLarge();
    return next();
  };
}
