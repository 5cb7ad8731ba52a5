/**
 * Structured JSON logs (pino). Request logs carry no headers or bodies by construction; the
 * redaction below is a safety net for error objects that carry request headers or credentials.
 * (Fixed paths only: pino's wildcard redaction costs on every log line.)
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Creates the process logger at the given level. Lines are written asynchronously in batches
 * (sonic-boom, 4 KiB) instead of one synchronous write per request; `logger.flush()` on shutdown
 * and pino's exit hooks write what is buffered.
 */
export function createLogger(level: string): Logger {
  if (level === 'silent') return pino({ level });
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return pino({
    level,
    base: { service: 'concord' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', 'token', 'secret', 'password'],
      censor: '[redacted]',
    },
  }, destination);
}
