/** One structured log line per request: id, method, path, status, duration. Never headers or bodies. */
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.js';
import type { AppEnv } from '../context.js';

/** Logs each finished request at info (5xx at error). */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async function accessLogMiddleware(c, next) {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      userId: c.get('auth')?.actor?.userId,
    };
    if (status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request');
  };
}
