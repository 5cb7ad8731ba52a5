/**
 * HTTP-level failures raised by the app itself (routing, negotiation, authentication, validation,
 * limits) and the one error envelope every 4xx/5xx body uses:
 * `{ timestamp, status, error, message, path, requestId, details? }`.
 */
import { STATUS_CODES } from 'node:http';

export interface ErrorBody {
  timestamp: string;
  status: number;
  error: string;
  message: string;
  path: string;
  requestId: string;
  details?: unknown;
}

/** An error that already knows its HTTP status, title and extra headers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: { title?: string; details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get title(): string {
    return this.options.title ?? STATUS_CODES[this.status] ?? 'Error';
  }
}

/** Builds the error envelope. */
export function errorBody(status: number, title: string, message: string, path: string, requestId: string, details?: unknown): ErrorBody {
  return {
    timestamp: new Date().toISOString(),
    status,
    error: title,
    message,
    path,
    requestId,
    ...(details === undefined ? {} : { details }),
  };
}
