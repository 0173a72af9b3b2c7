import { type Logger, pino } from 'pino';

export type { Logger };

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');

// Secrets never reach a log line, whatever a caller passes in.
export const logger: Logger = pino({
  level,
  base: undefined,
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
    ],
    censor: '[redacted]',
  },
});

export function createLogger(name: string): Logger {
  return logger.child({ name });
}
