/**
 * GraphQL's share of the rate limits REST uses (per authenticated user, else per client address,
 * one budget for both interfaces). The HTTP route charges one request before yoga runs; with
 * batching every further operation of the batch is charged too, so a batch costs what its
 * operations would cost sent one by one. Over the limit: a RATE_LIMITED error (HTTP 429 with
 * `Retry-After`).
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { RateLimitDecision } from '../middleware/rate-limit.js';

/** What the HTTP route hands to yoga: the decision for the request, and a way to charge again. */
export interface GraphQLRateLimit {
  decision: RateLimitDecision;
  charge(): Promise<RateLimitDecision>;
}

/** The error for a spent budget. */
export function rateLimitedError(decision: RateLimitDecision) {
  const retryAfter = Number(decision.headers['Retry-After'] ?? decision.headers['RateLimit-Reset'] ?? 60);
  return createGraphQLError(`Rate limit exceeded; retry after ${retryAfter} s`, {
    extensions: { code: 'RATE_LIMITED', retryAfter, http: { status: 429, headers: decision.headers } },
  });
}

/** The yoga plugin; a server context without `rateLimit` (e.g. tests calling yoga directly) is not limited. */
export function useGraphQLRateLimit(): Plugin<{ rateLimit?: GraphQLRateLimit }> {
  const operations = new WeakMap<Request, number>();
  return {
    async onParams({ request, context }) {
      const limit = (context as { rateLimit?: GraphQLRateLimit }).rateLimit;
      if (!limit) return;
      const seen = operations.get(request) ?? 0;
      operations.set(request, seen + 1);
      const decision = seen === 0 ? limit.decision : await limit.charge();
      if (!decision.allowed) throw rateLimitedError(decision);
    },
  };
}
