import { describe, expect, it } from 'vitest';
import {
  assertStandInsAllowed,
  conveniencesOffNotice,
  developmentConveniences,
  listenHost,
} from './listen';

describe('listen host', () => {
  it.each([
    [{}, '127.0.0.1'],
    [{ PUBLIC_URL: 'http://localhost:4000' }, '127.0.0.1'],
    [{ PUBLIC_URL: 'http://127.0.0.1:4000' }, '127.0.0.1'],
    [{ PUBLIC_URL: 'https://lumen.example.com' }, '0.0.0.0'],
    [{ HOST: '0.0.0.0' }, '0.0.0.0'],
    [{ HOST: '192.168.1.20', PUBLIC_URL: 'http://localhost:4000' }, '192.168.1.20'],
  ])('%o → %s', (env, host) => {
    expect(listenHost(env)).toBe(host);
  });
});

describe('development conveniences', () => {
  it.each([
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test', HOST: '127.0.0.1' }, true],
    [{ NODE_ENV: 'development', HOST: '::1' }, true],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173' }, true],
    [{ NODE_ENV: 'development', HOST: '0.0.0.0' }, false],
    [{ NODE_ENV: 'development', HOST: '192.168.1.20' }, false],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'https://lumen.example.com' }, false],
    [{ NODE_ENV: 'production' }, false],
  ] as const)('%o → %s', (env, on) => {
    expect(developmentConveniences(env)).toBe(on);
    expect(conveniencesOffNotice(env) !== null).toBe(!on && env.NODE_ENV !== 'production');
  });

  it('names every convenience it turns off', () => {
    expect(conveniencesOffNotice({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toMatch(
      /0\.0\.0\.0.*GraphiQL, introspection, auto-confirmed sign-ups, links printed to the console, the Google\/Facebook stand-ins/,
    );
  });

  it('refuses AUTH_STAND_INS=1 unless the gateway listens on loopback outside production', () => {
    const on = { AUTH_STAND_INS: true } as const;
    expect(() => assertStandInsAllowed({ ...on, NODE_ENV: 'development' })).not.toThrow();
    expect(() =>
      assertStandInsAllowed({
        ...on,
        NODE_ENV: 'development',
        PUBLIC_URL: 'http://localhost:4000',
      }),
    ).not.toThrow();
    expect(() =>
      assertStandInsAllowed({ ...on, NODE_ENV: 'development', HOST: '0.0.0.0' }),
    ).toThrow(/AUTH_STAND_INS=1 is refused while the gateway listens on 0\.0\.0\.0/);
    expect(() =>
      assertStandInsAllowed({ ...on, NODE_ENV: 'test', PUBLIC_URL: 'https://lumen.example.com' }),
    ).toThrow(/listens on 0\.0\.0\.0/);
    expect(() => assertStandInsAllowed({ ...on, NODE_ENV: 'production' })).toThrow(/production/);
    expect(() =>
      assertStandInsAllowed({ AUTH_STAND_INS: false, NODE_ENV: 'development', HOST: '0.0.0.0' }),
    ).not.toThrow();
  });
});
