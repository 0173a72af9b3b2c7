import { ConfigError } from '@lumen/config/env';
import { describe, expect, it } from 'vitest';
import { resolveAuthMode } from './create-auth';

describe('resolveAuthMode', () => {
  const cases = [
    { env: { NODE_ENV: 'development', LOCAL_AUTH: false }, mode: 'local' },
    { env: { NODE_ENV: 'test', LOCAL_AUTH: false }, mode: 'local' },
    { env: { NODE_ENV: 'production', LOCAL_AUTH: true }, mode: 'local' },
    {
      env: { NODE_ENV: 'production', LOCAL_AUTH: false, SUPABASE_URL: 'https://abc.supabase.co/' },
      mode: 'supabase',
    },
    {
      env: { NODE_ENV: 'development', LOCAL_AUTH: true, SUPABASE_URL: 'https://abc.supabase.co' },
      mode: 'supabase',
    },
  ] as const;

  it.each(cases)('$env → $mode', ({ env, mode }) => {
    expect(resolveAuthMode(env).mode).toBe(mode);
  });

  it('strips a trailing slash from SUPABASE_URL', () => {
    expect(
      resolveAuthMode({
        NODE_ENV: 'production',
        LOCAL_AUTH: false,
        SUPABASE_URL: 'https://abc.supabase.co/',
      }),
    ).toEqual({ mode: 'supabase', supabaseUrl: 'https://abc.supabase.co' });
  });

  it('refuses local auth in production unless LOCAL_AUTH=1', () => {
    expect(() => resolveAuthMode({ NODE_ENV: 'production', LOCAL_AUTH: false })).toThrow(
      ConfigError,
    );
    expect(() => resolveAuthMode({ NODE_ENV: 'production', LOCAL_AUTH: false })).toThrow(
      /LOCAL_AUTH=1/,
    );
  });
});
