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
      oauthProviders: ['google', 'facebook'],
    });
  });

  it('keeps only the known sign-in providers the server offers', () => {
    const base = { supabaseUrl: 'http://localhost:4000', supabaseAnonKey: 'anon' };
    expect(parseRuntimeConfig({ ...base, oauthProviders: [] }).oauthProviders).toEqual([]);
    expect(
      parseRuntimeConfig({ ...base, oauthProviders: ['facebook', 'github'] }).oauthProviders,
    ).toEqual(['facebook']);
  });

  it.each([[null], ['text'], [{ supabaseUrl: 'x' }], [{ supabaseAnonKey: 'y' }]])(
    'rejects %j',
    (raw) => {
      expect(() => parseRuntimeConfig(raw)).toThrow();
    },
  );
});
