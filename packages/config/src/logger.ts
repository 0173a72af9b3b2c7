import { type Logger, type LoggerOptions, pino } from 'pino';
import { currentRequestId } from './request-context';
import { serializeError } from './scrub';

export type { Logger };

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');

// Secrets never reach a log line, whatever a caller passes in; errors lose their query
// parameters (see scrub.ts).
export function loggerOptions(logLevel: string): LoggerOptions {
  return {
    level: logLevel,
    base: undefined,
    // Every line written while a request or a job that carries a request id is handled names it.
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: [
        'password',
        '*.password',
        'secret',
        '*.secret',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        'headers.authorization',
        'apiKey',
        '*.apiKey',
        'refresh_token',
        '*.refresh_token',
        'access_token',
        '*.access_token',
        'email',
        '*.email',
        'recoveryLink',
        '*.recoveryLink',
      ],
      censor: '[redacted]',
    },
  };
}

export const logger: Logger = pino(loggerOptions(level));

export function createLogger(name: string): Logger {
  return logger.child({ name });
}
