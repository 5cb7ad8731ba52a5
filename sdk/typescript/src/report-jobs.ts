/**
 * Polling of asynchronous report jobs (SPEC §4.3): GET the job until it is COMPLETED, FAILED or
 * CANCELLED. Between polls it waits what the server's `Retry-After` says when present, otherwise
 * 1, 2, 4, 8 … seconds, never more than 30 seconds (the polling interval ceiling of SPEC §8).
 */
import type { ConcordClient, RestClient } from './client.js';
import { unwrap } from './errors.js';
import type { components } from './schema.js';
import { type Sleep, parseRetryAfter, sleep as defaultSleep } from './sleep.js';

export type ReportJob = components['schemas']['ReportJob'];
export type ReportJobStatus = components['schemas']['ReportJobStatus'];

/** States after which a job never changes again. */
export const TERMINAL_REPORT_JOB_STATUSES: readonly ReportJobStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

export interface ReportPollProgress {
  /** Polls made so far (1 after the first GET). */
  polls: number;
  /** Milliseconds until the next poll; 0 once the job is finished. */
  nextPollInMs: number;
}

export interface WaitForReportOptions {
  /** Aborts the wait (and the pending request); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with the job after every poll, including the last one. */
  onProgress?: (job: ReportJob, progress: ReportPollProgress) => void;
  /** First back-off interval (default 1000 ms), doubled after every poll. */
  initialIntervalMs?: number;
  /** Longest wait between polls (default 30 000 ms), also applied to `Retry-After`. */
  maxIntervalMs?: number;
  /** Injectable sleep, for tests. */
  sleep?: Sleep;
}

/** The back-off before poll `n + 1` when the server gave no `Retry-After`: 1, 2, 4, 8 … capped. */
export function pollDelay(polls: number, initialIntervalMs = 1000, maxIntervalMs = 30_000): number {
  return Math.min(initialIntervalMs * 2 ** Math.max(0, polls - 1), maxIntervalMs);
}

/**
 * Polls a report job until it finishes and returns the finished job — check its `status`: a FAILED
 * job carries `error`, a COMPLETED one `result.downloadUrl`. API errors throw `ConcordApiError`.
 *
 * @example
 * const accepted = unwrap(await client.rest.POST('/api/v1/reports/generate', { body: { reportType: 'TRANSACTION_SUMMARY', year: 2025, format: 'CSV' } }));
 * const job = await waitForReport(client, accepted.jobId, { onProgress: (j) => console.log(j.status) });
 */
export async function waitForReport(
  client: ConcordClient | RestClient,
  jobId: string,
  options: WaitForReportOptions = {},
): Promise<ReportJob> {
  const rest: RestClient = 'rest' in client ? client.rest : client;
  const { signal, onProgress, initialIntervalMs = 1000, maxIntervalMs = 30_000 } = options;
  const wait = options.sleep ?? defaultSleep;
  for (let polls = 1; ; polls++) {
    signal?.throwIfAborted();
    const result = await rest.GET('/api/v1/reports/jobs/{jobId}', {
      params: { path: { jobId } },
      ...(signal ? { signal } : {}),
    });
    const job = unwrap(result);
    if (TERMINAL_REPORT_JOB_STATUSES.includes(job.status)) {
      onProgress?.(job, { polls, nextPollInMs: 0 });
      return job;
    }
    const retryAfter = parseRetryAfter(result.response.headers.get('Retry-After'));
    const delay =
      retryAfter === undefined ? pollDelay(polls, initialIntervalMs, maxIntervalMs) : Math.min(retryAfter, maxIntervalMs);
    onProgress?.(job, { polls, nextPollInMs: delay });
    await wait(delay, signal);
  }
}
