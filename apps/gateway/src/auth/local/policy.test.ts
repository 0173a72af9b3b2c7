import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { LocalAuthDeps } from './deps';
import { normalizeEmail } from './email';
import { GoTrueError, gotrueErrorResponse } from './gotrue-error';
import { checkPasswordPolicy } from './password';
import { safeRedirect } from './redirects';

describe('checkPasswordPolicy', () => {
  it.each([
    { password: '', code: 'validation_failed' },
    { password: undefined, code: 'validation_failed' },
    { password: '1234567', code: 'weak_password' },
    { password: 'x'.repeat(1025), code: 'weak_password' },
  ])('refuses $password.length chars with $code', ({ password, code }) => {
    const error = (() => {
      try {
        checkPasswordPolicy(password);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(GoTrueError);
    expect((error as GoTrueError).errorCode).toBe(code);
    expect((error as GoTrueError).status).toBe(422);
  });
  it('accepts 8 characters, counted as code points', () => {
    expect(checkPasswordPolicy('12345678')).toBe('12345678');
    expect(() => checkPasswordPolicy('🔑🔑🔑🔑🔑🔑🔑')).toThrow(GoTrueError);
  });
});

describe('normalizeEmail', () => {
  it.each([
    [' Ada@Example.COM ', 'ada@example.com'],
    ['a.b+c@sub.example.org', 'a.b+c@sub.example.org'],
  ])('%s → %s', (raw, email) => {
    expect(normalizeEmail(raw)).toBe(email);
  });
  it.each(['', 'no-at-sign', 'a@b', 'a b@c.d', `${'x'.repeat(250)}@example.com`, 42])(
    'refuses %s',
    (raw) => {
      expect(() => normalizeEmail(raw)).toThrow(GoTrueError);
    },
  );
});

describe('safeRedirect', () => {
  const deps = {
    siteUrl: 'http://localhost:4000',
    allowedRedirectOrigins: ['http://localhost:5173'],
  } as LocalAuthDeps;
  const app = new Hono();
  app.get('/r', (c) => c.text(safeRedirect(c, deps, c.req.query('to'))));
  const check = async (to: string | undefined, host = 'localhost:4000') =>
    (
      await app.request(`/r${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`, {
        headers: { host },
      })
    ).text();

  it.each([
    { to: 'http://localhost:4000/auth/callback', want: 'http://localhost:4000/auth/callback' },
    {
      to: 'http://localhost:5173/auth/callback?next=/x',
      want: 'http://localhost:5173/auth/callback?next=/x',
    },
    { to: 'https://evil.example/auth/callback', want: 'http://localhost:4000' },
    { to: 'javascript:alert(1)', want: 'http://localhost:4000' },
    { to: '//evil.example', want: 'http://localhost:4000' },
    { to: undefined, want: 'http://localhost:4000' },
  ])('$to → $want', async ({ to, want }) => {
    expect(await check(to)).toBe(want);
  });

  it('ignores the Host header: a client cannot add its own origin to the allow-list', async () => {
    expect(await check('https://evil.example/auth/callback', 'evil.example')).not.toContain(
      'evil.example',
    );
    expect(await check('http://127.0.0.1:9999/auth/callback', '127.0.0.1:9999')).not.toContain(
      '9999',
    );
  });
});

describe('gotrueErrorResponse', () => {
  const app = new Hono();
  app.get('/e', (c) =>
    gotrueErrorResponse(c, new GoTrueError(422, 'weak_password', 'Too short.', ['length'])),
  );
  it('answers legacy clients with code/error_code/msg', async () => {
    const res = await app.request('/e');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Too short.',
      weak_password: { reasons: ['length'] },
    });
  });
  it('answers 2024-01-01 clients with code/message and echoes the version', async () => {
    const res = await app.request('/e', { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(res.headers.get('X-Supabase-Api-Version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({
      code: 'weak_password',
      message: 'Too short.',
      weak_password: { reasons: ['length'] },
    });
  });
  it('treats a malformed version header as legacy', async () => {
    const res = await app.request('/e', { headers: { 'X-Supabase-Api-Version': 'zzzz' } });
    expect(await res.json()).toMatchObject({ code: 422, error_code: 'weak_password' });
  });
});
