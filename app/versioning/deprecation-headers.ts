/**
 * The version lifecycle on `/api/v{N}/*` (SPEC.md §9.6, §9.7). A deprecated major answers as usual,
 * with `Deprecation: true`, `Sunset: <HTTP-date>` (RFC 8594) and `Link: <successor path>;
 * rel="successor-version"` — the request path moved under the successor, so a client learns where the
 * same resource lives. From its sunset date (00:00 UTC), or once its status is `sunset`, it answers
 * 410 with SPEC.md §7.1's details, thrown as an HttpError so the app's error handler writes the
 * envelope; the three headers go with it. Current versions and other paths pass untouched.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http-error.js';
import type { LifecycleRegistry } from './lifecycle.js';

export interface VersionLifecycleOptions {
  /** The clock; tests inject one. */
  now: () => Date;
}

const VERSIONED_PATH = /^\/api\/(v\d+)(\/.*)?$/;

/**
 * Creates the middleware for a registry.
 * @example app.use('/api/*', versionLifecycle(loadLifecycleRegistry(), { now: () => new Date() }))
 */
export function versionLifecycle(registry: LifecycleRegistry, options: VersionLifecycleOptions): MiddlewareHandler<AppEnv> {
  const retiring = new Map(
    [...registry].flatMap(([major, lifecycle]) => {
      if (lifecycle.status === 'current') return [];
      const sunset = new Date(`${lifecycle.sunsetDate}T00:00:00Z`);
      return [[major, { ...lifecycle, sunset, sunsetHeader: sunset.toUTCString() }] as const];
    }),
  );

  return async function versionLifecycleMiddleware(c, next) {
    const [, major = '', rest = ''] = VERSIONED_PATH.exec(c.req.path) ?? [];
    const lifecycle = retiring.get(major);
    if (!lifecycle) return next();
    const headers = {
      Deprecation: 'true',
      Sunset: lifecycle.sunsetHeader,
      Link: `<${lifecycle.successor}${rest}>; rel="successor-version"`,
    };
    if (lifecycle.status === 'sunset' || options.now().getTime() >= lifecycle.sunset.getTime()) {
      throw new HttpError(410, `API ${major} was sunset on ${lifecycle.sunsetDate}; use ${lifecycle.successor}`, {
        details: { sunsetDate: lifecycle.sunsetDate, migrationGuide: lifecycle.migrationGuide, successorVersion: lifecycle.successor },
        headers,
      });
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    await next();
  };
}
