/**
 * Fixed-window rate limits (rate-limiter-flexible): per authenticated user, or per client address
 * for anonymous calls. Every limited response carries `RateLimit-Limit/Remaining/Reset`; a refused
 * one is 429 with `Retry-After`. In memory per process: each instance enforces its own share.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http-error.js';

export interface RateLimitOptions {
  userPerMinute: number;
  anonymousPerMinute: number;
  /** The caller's network address, as the server sees it. */
  clientAddress: (c: Context<AppEnv>) => string;
}

/** Outcome of charging one request to a caller's budget. */
export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** Creates the limiter; `charge` is shared by REST (429) and GraphQL (RATE_LIMITED). */
export function createRateLimiter(options: RateLimitOptions) {
  if (options.userPerMinute < 1 || options.anonymousPerMinute < 1) throw new Error('rate limits must be at least 1 per minute');
  const users = new RateLimiterMemory({ keyPrefix: 'user', points: options.userPerMinute, duration: 60 });
  const anonymous = new RateLimiterMemory({ keyPrefix: 'addr', points: options.anonymousPerMinute, duration: 60 });

  const headersOf = (limit: number, res: RateLimiterRes) => ({
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, res.remainingPoints)),
    'RateLimit-Reset': String(Math.ceil(res.msBeforeNext / 1000)),
  });

  return {
    async charge(c: Context<AppEnv>): Promise<RateLimitDecision> {
      const actor = c.get('auth')?.actor;
      const [limiter, limit, key] = actor
        ? [users, options.userPerMinute, actor.userId]
        : [anonymous, options.anonymousPerMinute, options.clientAddress(c)];
      try {
        return { allowed: true, headers: headersOf(limit, await limiter.consume(key)) };
      } catch (rejected) {
        if (!(rejected instanceof RateLimiterRes)) throw rejected;
        const headers = headersOf(limit, rejected);
        return { allowed: false, headers: { ...headers, 'Retry-After': headers['RateLimit-Reset'] } };
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** REST middleware: 429 with the error envelope when the budget is spent. */
export function rateLimit(limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async function rateLimitMiddleware(c, next) {
    const decision = await limiter.charge(c);
    for (const [name, value] of Object.entries(decision.headers)) c.header(name, value);
    if (!decision.allowed) {
      throw new HttpError(429, `Rate limit exceeded; retry after ${decision.headers['Retry-After']} s`, { headers: decision.headers });
    }
    await next();
  };
}
