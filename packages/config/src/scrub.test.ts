import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { scrubSentryEvent, scrubText, serializeError } from './scrub';

// What Drizzle throws when an insert fails: the SQL and its parameters in the message, and a
// postgres.js cause that carries them again.
function drizzleError(): Error {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
    code: '23505',
    query: 'insert into auth_users (email, password_hash) values ($1, $2)',
    parameters: ['ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
  });
  return new Error(
    'Failed query: insert into auth_users (email, password_hash) values ($1, $2)\n' +
      'params: ada@example.com,$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    { cause },
  );
}

const SECRETS = /ada@example\.com|argon2id|m=19456/;

describe('log and report scrubbing', () => {
  it('drops query parameters from errors, their causes and their fields', () => {
    const serialized = JSON.stringify(serializeError(drizzleError()));
    expect(serialized).not.toMatch(SECRETS);
    expect(serialized).toContain('Failed query: insert into auth_users');
    expect(serialized).toContain('23505');
  });

  it('keeps log lines free of parameters, through the real logger', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ ...loggerOptions('info') }, sink);
    log.error({ err: drizzleError() }, 'unexpected error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(SECRETS);
    expect(lines[0]).toContain('params: [dropped]');
  });

  it('masks emails and tokens in URLs', () => {
    expect(scrubText('see http://x/verify?token=abc&type=recovery for bob@corp.io')).toBe(
      'see http://x/verify?token=[redacted]&type=recovery for [email]',
    );
  });

  it('strips request data, users and breadcrumbs from Sentry events', () => {
    const event = scrubSentryEvent({
      request: { data: 'password=x' },
      user: { email: 'ada@example.com' },
      breadcrumbs: [{ message: 'ada@example.com' }],
      exception: { values: [{ value: drizzleError().message }] },
    });
    expect(JSON.stringify(event)).not.toMatch(SECRETS);
    expect(event.request).toBeUndefined();
  });
});
