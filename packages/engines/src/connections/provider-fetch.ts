import { safeFetch } from '@lumen/config/safe-fetch';
import { ENGINE_TIMEOUT_MS } from '../engine';

/**
 * A `fetch` for the AI SDK that goes through safeFetch's rules (public hosts only unless
 * ALLOW_PRIVATE_HOSTS, redirects re-checked, capped body): used for every call to a base URL a
 * workspace entered (docs/engines.md, "Connections").
 */
export function safeProviderFetch(allowPrivateHosts: boolean): typeof globalThis.fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init?.body;
    const res = await safeFetch(url, {
      method: init?.method ?? 'GET',
      headers,
      body: typeof body === 'string' || body instanceof Uint8Array ? body : undefined,
      signal: init?.signal ?? undefined,
      allowPrivateHosts,
      timeoutMs: ENGINE_TIMEOUT_MS,
    });
    return new Response(
      res.status === 204 || res.status === 304 ? null : new Uint8Array(res.body),
      {
        status: res.status,
        headers: res.headers,
      },
    );
  };
}
