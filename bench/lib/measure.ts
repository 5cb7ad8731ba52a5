/** One autocannon run, reduced to the figures the README records. */
import autocannon from 'autocannon';
import { cpuSeconds } from './cpu.js';

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process spent per request, in µs (when its pid was given). */
  cpuMicrosPerRequest?: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Picks the path (and body) of each request. */
  next: () => { path: string; body?: string; headers?: Record<string, string> };
  connections?: number;
  durationSeconds?: number;
  /** The server's process id, to report its CPU time per request. */
  pid?: number;
}

/** Runs a short warm-up, then the measured run. */
export async function measure(options: LoadOptions): Promise<Measurement> {
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      connections: options.connections ?? 16,
      duration,
      headers: options.headers,
      requests: [
        {
          method: options.method ?? 'GET',
          setupRequest: (req) => {
            const n = options.next();
            return { ...req, path: n.path, ...(n.body ? { body: n.body } : {}), headers: { ...req.headers, ...n.headers } };
          },
        },
      ],
    });
  await run(2);
  const cpuBefore = options.pid === undefined ? undefined : cpuSeconds(options.pid);
  const r = await run(options.durationSeconds ?? 10);
  const cpuAfter = options.pid === undefined ? undefined : cpuSeconds(options.pid);
  const cpuMicrosPerRequest = cpuBefore !== undefined && cpuAfter !== undefined && r.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1e6) / r.requests.total : undefined;
  return { requestsPerSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, cpuMicrosPerRequest };
}
