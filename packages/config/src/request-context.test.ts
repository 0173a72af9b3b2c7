import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import {
  currentRequestId,
  isValidRequestId,
  requestIdFrom,
  withRequestId,
} from './request-context';

describe('request ids', () => {
  it('accepts up to 128 characters of [A-Za-z0-9._-] and nothing else', () => {
    expect(isValidRequestId('abc-DEF_1.2')).toBe(true);
    expect(isValidRequestId('x'.repeat(128))).toBe(true);
    for (const bad of ['', 'x'.repeat(129), 'a b', 'a/b', 'a;b', 'é', 42, undefined]) {
      expect(isValidRequestId(bad)).toBe(false);
    }
  });

  it('keeps a valid header and replaces anything else with a new UUID', () => {
    expect(requestIdFrom('abc-1')).toBe('abc-1');
    const made = requestIdFrom('no good');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(null)).not.toBe(made);
  });

  it('is current inside its scope only, across awaits', async () => {
    expect(currentRequestId()).toBeUndefined();
    await withRequestId('outer', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      expect(currentRequestId()).toBe('outer');
    });
    expect(currentRequestId()).toBeUndefined();
  });

  it('is on every log line written inside the scope', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink).child({ name: 'gateway' });
    withRequestId('req-7', () => log.info({ a: 1 }, 'inside'));
    log.info('outside');
    expect(lines[0]).toMatchObject({ requestId: 'req-7', name: 'gateway', a: 1, msg: 'inside' });
    expect(lines[1]).not.toHaveProperty('requestId');
  });
});
