import { randomUUID } from 'node:crypto';
import type { RunningGateway } from '../src/server';

export type GqlBody<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

/** A new local-auth user (local mode confirms at once) and their access token. */
export async function signUp(
  gateway: RunningGateway,
  email = `brand-${randomUUID().slice(0, 8)}@example.com`,
): Promise<string> {
  const config = (await (await fetch(`${gateway.url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const res = await fetch(`${gateway.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: config.supabaseAnonKey },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

export function client(gateway: RunningGateway, token: string | null) {
  return async <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GqlBody<T>> => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody<T>;
  };
}

export const codeOf = (body: GqlBody<unknown>) => body.errors?.[0]?.extensions?.code;
export const fieldsOf = (body: GqlBody<unknown>) =>
  (body.errors?.[0]?.extensions?.fields ?? {}) as Record<string, string>;

export const BRAND_FIELDS = `id name domains aliases description industry country language engines
  status createdAt promptCount schedule { cadence hour weekday timezone }
  competitors { id name domains aliases source }
  keywords { id text topic prompts { id text kind branded source active } }
  latestRun { id trigger status total done score scoreChange createdAt finishedAt }`;

export const baseInput = (patch: Record<string, unknown> = {}) => ({
  name: 'Northwind CRM',
  domains: ['https://www.northwindcrm.com/'],
  aliases: ['Northwind'],
  industry: 'CRM software',
  country: 'Germany',
  language: 'en',
  engines: ['local-gpt', 'local-claude'],
  schedule: { cadence: 'DAILY', hour: 7, timezone: 'Europe/Berlin' },
  ...patch,
});
