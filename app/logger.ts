/**
 * Structured JSON logs (pino). Request logs carry no headers or bodies by construction; the
 * redaction below is a safety net for error objects that carry request headers or credentials.
 * (Fixed paths only: pino's wildcard redaction costs on every log line.)
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Creates the process logger at the given level. Lines are written asynchronously (sonic-boom):
 * lines logged while a write is in flight are coalesced into the next one, instead of one
 * synchronous write per request, and nothing waits for a buffer to fill. `logger.flush()` on
 * shutdown writes what is pending.
 */
export function createLogger(level: string): Logger {
  if (level === 'silent') return pino({ level });
  const destination = pino.destination({ dest: 1, sync: false, minLength: 0 });
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
