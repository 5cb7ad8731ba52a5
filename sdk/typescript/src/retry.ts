/**
 * Client-side retries, as a `fetch` wrapper below openapi-fetch's middleware.
 *
 * Design note: only requests that are safe to repeat are retried — idempotent methods (GET, HEAD,
 * OPTIONS, PUT, DELETE) and any request carrying an `Idempotency-Key` (POST /api/v1/payments).
 * Because the wrapper sits *below* the middleware, it resends the very Request the middleware
 * produced: the automatic `Idempotency-Key` is generated once per call and every retry of that call
 * reuses it, so a retried payment can never be created twice. A new call gets a new key.
 */
import { type Sleep, parseRetryAfter, sleep as defaultSleep } from './sleep.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 disables). */
  retries?: number;
  /** Delay before the first retry when the answer has no `Retry-After` (default 500 ms; doubles each retry). */
  minDelayMs?: number;
  /** Longest wait between attempts (default 30 000 ms); a longer `Retry-After` is not waited for. */
  maxDelayMs?: number;
  /** Statuses that are retried (default 429, 500, 502, 503, 504). Network errors are always retried. */
  statuses?: readonly number[];
  /** Injectable sleep, for tests. */
  sleep?: Sleep;
}

export type FetchLike = (request: Request) => Promise<Response>;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const DEFAULT_STATUSES = [429, 500, 502, 503, 504] as const;

/** Whether a request may be sent again without risk of repeating its effect. */
export function isRetrySafe(request: Request): boolean {
  return IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || request.headers.has('Idempotency-Key');
}

/**
 * Wraps `fetch` with retries of retry-safe requests on network errors and on the configured
 * statuses, waiting `Retry-After` when the server sends one, else an exponential back-off.
 */
export function withRetries(fetch: FetchLike, options: RetryOptions = {}): FetchLike {
  const retries = Math.max(0, options.retries ?? 2);
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const statuses = new Set<number>(options.statuses ?? DEFAULT_STATUSES);
  const wait = options.sleep ?? defaultSleep;

  return async function retryingFetch(request) {
    if (retries === 0 || !isRetrySafe(request)) return fetch(request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt === retries;
      let response: Response;
      try {
        // A Request body can be read once: every attempt sends a clone.
        response = await fetch(last ? request : request.clone());
      } catch (error) {
        if (last || request.signal.aborted || isAbort(error)) throw error;
        await wait(Math.min(minDelay * 2 ** attempt, maxDelay), request.signal);
        continue;
      }
      if (last || !statuses.has(response.status)) return response;
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
      if (retryAfter !== undefined && retryAfter > maxDelay) return response;
      await response.body?.cancel().catch(() => undefined);
      await wait(retryAfter ?? Math.min(minDelay * 2 ** attempt, maxDelay), request.signal);
    }
  };
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
