import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

export const AUTH_STORAGE_KEY = 'lumen-auth-token';

export type ApiSession = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  expires_at: number;
  user: { id: string; email: string; created_at: string };
};

export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

export const TEST_PASSWORD = 'correct-horse-battery';

async function anonKey(): Promise<string> {
  const response = await fetch(`${baseUrl()}/config.json`);
  const config = (await response.json()) as { supabaseAnonKey?: string | null };
  if (!config.supabaseAnonKey) throw new Error('/config.json has no supabaseAnonKey');
  return config.supabaseAnonKey;
}

/** Creates a fresh account through the auth API (GoTrue POST /auth/v1/signup). */
export async function signUpThroughApi(
  email = uniqueEmail(),
  password = TEST_PASSWORD,
): Promise<ApiSession> {
  const key = await anonKey();
  const response = await fetch(`${baseUrl()}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as Partial<ApiSession> & { msg?: string };
  if (!response.ok || !body.access_token || !body.refresh_token || !body.user) {
    throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(body)}`);
  }
  const expiresIn = body.expires_in ?? 3600;
  return {
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    token_type: body.token_type ?? 'bearer',
    expires_in: expiresIn,
    expires_at: body.expires_at ?? Math.floor(Date.now() / 1000) + expiresIn,
    user: body.user,
  };
}

/**
 * Signs the page in the way supabase-js would remember a session: the session JSON under
 * `lumen-auth-token` in localStorage. Then opens `path`.
 */
export async function signInWithSession(page: Page, session: ApiSession, path = '/dashboard') {
  // Any same-origin document will do to reach localStorage; config.json is tiny and public.
  await page.goto('/config.json');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto(path);
}

/** A new account, signed in on `page`, looking at `path`. */
export async function signInFreshUser(page: Page, path = '/dashboard'): Promise<ApiSession> {
  const session = await signUpThroughApi(uniqueEmail());
  await signInWithSession(page, session, path);
  return session;
}

/** Runs a GraphQL operation against the gateway as the given session's user. */
export async function graphqlAs<T>(
  session: ApiSession,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}
