import { SafeFetchError, type SafeResponse, safeFetch } from '@lumen/config/safe-fetch';
import { type EngineKind, effectiveBaseUrl } from '@lumen/domain/engines/engine-connection';

// "Test connection" (docs/engines.md, "Connections"): the cheapest real call each provider has,
// its models endpoint (Perplexity has none: a one-token answer; SerpApi: its free account
// endpoint). The outcome is CONNECTED with the provider's model list, or FAILING with the
// provider's own reason. The key never reaches the reason.

export type ConnectionTarget = { kind: EngineKind; baseUrl: string | null; apiKey: string | null };

export type ConnectionTestResult =
  | { status: 'CONNECTED'; models: string[] }
  | { status: 'FAILING'; error: string };

/** Perplexity publishes no models endpoint; these are its documented Sonar models. */
const PERPLEXITY_MODELS = ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro'];

const MAX_REASON = 300;

type Call = { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };

function callFor({ kind, baseUrl, apiKey }: ConnectionTarget): Call {
  const base = effectiveBaseUrl(kind, baseUrl)?.replace(/\/+$/, '') ?? '';
  const key = apiKey ?? '';
  const bearer: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  switch (kind) {
    case 'ANTHROPIC':
      return {
        url: `${base}/models?limit=100`,
        method: 'GET',
        headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      };
    case 'GOOGLE':
      return {
        url: `${base}/models?pageSize=200`,
        method: 'GET',
        headers: { 'x-goog-api-key': key },
      };
    case 'PERPLEXITY':
      return {
        url: `${base}/chat/completions`,
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'sonar',
          messages: [{ role: 'user', content: 'Say OK.' }],
          max_tokens: 1,
        }),
      };
    case 'AI_OVERVIEW':
    case 'AI_MODE':
      // SerpApi's account endpoint: free, uses no search credit.
      return {
        url: `${base}/account.json?api_key=${encodeURIComponent(key)}`,
        method: 'GET',
        headers: {},
      };
    default:
      // OpenAI, xAI, DeepSeek, Mistral and OpenAI-compatible servers: GET /models.
      return { url: `${base}/models`, method: 'GET', headers: bearer };
  }
}

function modelsOf(kind: EngineKind, body: unknown): string[] {
  const b = (body ?? {}) as { data?: unknown; models?: unknown };
  if (kind === 'PERPLEXITY') return PERPLEXITY_MODELS;
  if (kind === 'AI_OVERVIEW' || kind === 'AI_MODE') return [];
  if (kind === 'GOOGLE' && Array.isArray(b.models)) {
    return b.models.flatMap((m: { name?: unknown; supportedGenerationMethods?: unknown }) =>
      typeof m.name === 'string' &&
      (!Array.isArray(m.supportedGenerationMethods) ||
        m.supportedGenerationMethods.includes('generateContent'))
        ? [m.name.replace(/^models\//, '')]
        : [],
    );
  }
  const list = Array.isArray(b.data) ? b.data : Array.isArray(b.models) ? b.models : [];
  return list.flatMap((m: { id?: unknown; name?: unknown }) =>
    typeof m.id === 'string' ? [m.id] : typeof m.name === 'string' ? [m.name] : [],
  );
}

/** The provider's own words for a refusal, from the error shapes the providers use. */
function reasonOf(res: SafeResponse): string {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  const b = (body ?? {}) as {
    error?: unknown;
    message?: unknown;
    detail?: unknown;
  };
  const nested = (b.error ?? {}) as { message?: unknown };
  const said =
    typeof nested.message === 'string'
      ? nested.message
      : typeof b.error === 'string'
        ? b.error
        : typeof b.message === 'string'
          ? b.message
          : typeof b.detail === 'string'
            ? b.detail
            : '';
  return said ? `HTTP ${res.status}: ${said}` : `HTTP ${res.status}`;
}

/** Never lets the key (or a long run of it) through in a reason. */
export function redactKey(text: string, apiKey: string | null): string {
  let out = text;
  if (apiKey) {
    out = out.split(apiKey).join('[key]');
    // Providers echo a masked key ("sk-abc***wxyz"); keep nothing longer than the hint.
    if (apiKey.length >= 12) out = out.split(apiKey.slice(0, 8)).join('[key]');
  }
  return out.length > MAX_REASON ? `${out.slice(0, MAX_REASON - 1)}…` : out;
}

export async function testConnection(
  target: ConnectionTarget,
  options: { allowPrivateHosts: boolean; timeoutMs?: number },
): Promise<ConnectionTestResult> {
  if (!effectiveBaseUrl(target.kind, target.baseUrl)) {
    return { status: 'FAILING', error: 'No base URL: enter the server’s address.' };
  }
  const call = callFor(target);
  let res: SafeResponse;
  try {
    res = await safeFetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...call.headers },
      body: call.body,
      allowPrivateHosts: options.allowPrivateHosts,
      timeoutMs: options.timeoutMs ?? 15_000,
      maxRedirects: 0,
    });
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    return { status: 'FAILING', error: redactKey(error.message, target.apiKey) };
  }
  if (!res.ok) return { status: 'FAILING', error: redactKey(reasonOf(res), target.apiKey) };
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return {
      status: 'FAILING',
      error: `HTTP ${res.status}: the answer was not JSON; is this the API’s base URL?`,
    };
  }
  const refusal = (body as { error?: unknown } | null)?.error;
  if (typeof refusal === 'string') {
    // SerpApi answers 200 with { error } for some refusals.
    return { status: 'FAILING', error: redactKey(refusal, target.apiKey) };
  }
  return { status: 'CONNECTED', models: [...new Set(modelsOf(target.kind, body))].sort() };
}
