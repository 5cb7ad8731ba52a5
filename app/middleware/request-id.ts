/** Gives every request an id: the client's `X-Request-Id` when it is sane, else a fresh UUID. */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.js';

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Sets `c.var.requestId` and the `X-Request-Id` response header. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async function requestIdMiddleware(c, next) {
    const sent = c.req.header('x-request-id');
    const id = sent && SANE.test(sent) ? sent : randomUUID();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  };
}
