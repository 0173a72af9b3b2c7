import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, loadEnv } from './env';

describe('env', () => {
  it('loads .env.example as it stands (empty values mean unset), with every key known', () => {
    const example = readFileSync(resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    const values = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const env = loadEnv(values);
    // Read by `npm start` itself (scripts/start.ts), not by the services.
    const launcherOnly = ['LUMEN_NO_WEB_BUILD'];
    for (const key of Object.keys(values)) {
      if (!launcherOnly.includes(key)) expect(Object.keys(EnvSchema.shape)).toContain(key);
    }
    expect(env.AUTH_AUTOCONFIRM).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AUTH_SESSION_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
    expect(env.GUEST_ENGINE_DAILY_BUDGET).toBe(200);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
    ['', undefined],
    [undefined, undefined],
  ])('AUTH_AUTOCONFIRM=%j → %j', (raw, expected) => {
    expect(loadEnv({ AUTH_AUTOCONFIRM: raw }).AUTH_AUTOCONFIRM).toBe(expected);
  });

  it('names a wrong AUTH_AUTOCONFIRM value', () => {
    expect(() => loadEnv({ AUTH_AUTOCONFIRM: 'yes' })).toThrow(ConfigError);
    expect(() => loadEnv({ AUTH_AUTOCONFIRM: 'yes' })).toThrow(/AUTH_AUTOCONFIRM: must be 1 or 0/);
  });

  it('reads the OpenTelemetry settings and names a wrong one', () => {
    const off = loadEnv({});
    expect(off.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(off.OTEL_EXPORTER_OTLP_PROTOCOL).toBe('http/protobuf');
    const on = loadEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    expect(on.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector:4318');
    expect(on.OTEL_EXPORTER_OTLP_PROTOCOL).toBe('http/json');
    expect(on.OTEL_BSP_SCHEDULE_DELAY).toBe(200);
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be the http:\/\/ or https:\/\/ base URL/,
    );
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL: must be http\/protobuf \(the default\) or http\/json/,
    );
    expect(() => loadEnv({ OTEL_BSP_SCHEDULE_DELAY: 'soon' })).toThrow(/OTEL_BSP_SCHEDULE_DELAY/);
  });

  it('keeps sessions at least a minute', () => {
    expect(() => loadEnv({ AUTH_SESSION_MAX_AGE_SECONDS: '5' })).toThrow(
      /AUTH_SESSION_MAX_AGE_SECONDS/,
    );
  });

  it('reads the Postgres pool and prepared-statement settings (PgBouncer, several processes)', () => {
    expect(loadEnv({})).toMatchObject({ DATABASE_POOL_MAX: 10, DATABASE_PREPARE: true });
    expect(loadEnv({ DATABASE_POOL_MAX: '4', DATABASE_PREPARE: '0' })).toMatchObject({
      DATABASE_POOL_MAX: 4,
      DATABASE_PREPARE: false,
    });
    expect(() => loadEnv({ DATABASE_PREPARE: 'no' })).toThrow(/DATABASE_PREPARE/);
    expect(() => loadEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});
