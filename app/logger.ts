/**
 * Structured JSON logs (pino). Authorization headers, tokens and secrets are redacted wherever
 * they appear in a logged object.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/** Creates the process logger at the given level. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'concord' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['authorization', '*.authorization', 'headers.authorization', 'token', '*.token', 'secret', '*.secret', 'password', '*.password'],
      censor: '[redacted]',
    },
  });
}
