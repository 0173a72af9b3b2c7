import {
  ENGINE_KIND_SPECS,
  ENGINE_KINDS,
  type EngineKind,
} from '@lumen/domain/engines/engine-connection';
import type { EngineEnv } from '../registry';

export type OpenedConnection = {
  kind: EngineKind;
  baseUrl: string | null;
  model: string | null;
  /** Null when the connection has none (a keyless local server) or it could not be opened. */
  apiKey: string | null;
};

/** The kind whose connection supplies an engine id's answers, if any. */
export function kindOfEngine(engineId: string): EngineKind | undefined {
  return ENGINE_KINDS.find((kind) => ENGINE_KIND_SPECS[kind].engineId === engineId);
}

/**
 * The server's engine settings with a workspace's connections laid over them: a workspace
 * connection replaces every server setting of its kind (key, base URL, model), so a server key
 * is never sent to a workspace's base URL and a workspace key wins over the server's.
 */
export function withWorkspaceConnections(
  serverEnv: EngineEnv,
  connections: readonly OpenedConnection[],
): EngineEnv {
  const env: Record<string, string | undefined> = { ...serverEnv };
  for (const c of connections) {
    const spec = ENGINE_KIND_SPECS[c.kind];
    if (!spec.engineId) continue;
    if (c.kind === 'AI_OVERVIEW' || c.kind === 'AI_MODE') {
      // One SerpApi server key serves both surfaces; a workspace may connect either alone, so
      // its settings go under the kind's own names (read first by the registry).
      env[`${c.kind}_API_KEY`] = c.apiKey ?? '';
      env[`${c.kind}_BASE_URL`] = c.baseUrl ?? '';
      continue;
    }
    env[spec.env.key] = c.apiKey ?? undefined;
    if (c.kind === 'GOOGLE') env.GEMINI_API_KEY = undefined;
    if (spec.env.baseUrl) env[spec.env.baseUrl] = c.baseUrl ?? undefined;
    if (spec.env.model) env[spec.env.model] = c.model ?? undefined;
  }
  return env;
}
