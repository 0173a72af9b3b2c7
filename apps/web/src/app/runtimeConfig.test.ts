import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtimeConfig';

describe('parseRuntimeConfig', () => {
  it('keeps the required keys and turns empty optional ones into null', () => {
    expect(
      parseRuntimeConfig({
        supabaseUrl: 'http://localhost:4000',
        supabaseAnonKey: 'anon',
        posthogKey: '',
        sentryDsn: 'https://k@sentry.example/1',
      }),
    ).toEqual({
      supabaseUrl: 'http://localhost:4000',
      supabaseAnonKey: 'anon',
      posthogKey: null,
      posthogHost: null,
      sentryDsn: 'https://k@sentry.example/1',
    });
  });

  it.each([[null], ['text'], [{ supabaseUrl: 'x' }], [{ supabaseAnonKey: 'y' }]])(
    'rejects %j',
    (raw) => {
      expect(() => parseRuntimeConfig(raw)).toThrow();
    },
  );
});
