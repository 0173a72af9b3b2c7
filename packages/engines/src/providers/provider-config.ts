/**
 * What a provider adapter needs. Today the registry fills it from the environment; later the
 * worker fills it from a workspace's decrypted integration. `fetch` lets proxies in.
 */
export interface ProviderConfig {
  apiKey: string;
  baseURL?: string;
  model?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}
