import {
  type ConnectionSource,
  type ConnectionStatus,
  ENGINE_KIND_SPECS,
  type EngineConnection,
} from '@lumen/domain/engines/engine-connection';
import type { EngineInfo } from '../engine';
import { type EngineEnv, listEngines } from '../registry';
import { withWorkspaceConnections } from './workspace-env';

// The engines a workspace can ask (docs/engines.md, "Which engines a workspace can ask"): the
// server's, with the workspace's connections laid over them exactly as the worker lays them
// over for a run (withWorkspaceConnections), so the list and the runs agree.

/** MODEL_API: a provider's model endpoint. ANSWER_PAGE: a results page (AI Overviews, AI Mode). */
export const ENGINE_SURFACES = ['MODEL_API', 'ANSWER_PAGE'] as const;
export type EngineSurface = (typeof ENGINE_SURFACES)[number];

export type ListedEngine = EngineInfo & {
  surface: EngineSurface;
  /** The adapter gives the model a web-search tool (or the engine searches on its own). */
  searchesWeb: boolean;
  /** WORKSPACE when the workspace's connection answers for it, SERVER otherwise. */
  source: ConnectionSource;
  /** The workspace connection's last test outcome; null for the server's and local engines. */
  status: ConnectionStatus | null;
};

export type ListedConnection = Pick<
  EngineConnection,
  'kind' | 'baseUrl' | 'model' | 'keyHint' | 'status'
>;

/** Engines whose adapter searches the web (providers/*.ts); the rest answer from the model. */
const SEARCHES_WEB = new Set([
  'openai',
  'anthropic',
  'google',
  'perplexity',
  'xai',
  'ai-overview',
  'ai-mode',
]);

/** Answers read off Google's results page (SerpApi), not asked of a model. */
const ANSWER_PAGES = new Set(['ai-overview', 'ai-mode']);

function listed(engine: EngineInfo, connection: ListedConnection | undefined): ListedEngine {
  return {
    ...engine,
    surface: ANSWER_PAGES.has(engine.id) ? 'ANSWER_PAGE' : 'MODEL_API',
    searchesWeb: SEARCHES_WEB.has(engine.id),
    source: connection ? 'WORKSPACE' : 'SERVER',
    status: connection?.status ?? null,
  };
}

/** The server's engines (what a signed-out caller and a quick score see). */
export function serverEngineList(serverEnv: EngineEnv): ListedEngine[] {
  return listEngines(serverEnv).map((engine) => listed(engine, undefined));
}

/** Stands in for a stored key: listEngines only asks whether a key is set, never reads it. */
const STORED_KEY = 'stored-key';

/**
 * The engines a workspace can ask: the server's, where a connection of a kind whose answers
 * Lumen collects replaces the server's settings of that kind (its key, base URL and model), so
 * an engine only the workspace has appears (`source: WORKSPACE`) and one whose workspace
 * connection lacks a setting the engine needs (an OpenAI-compatible model) disappears, as it
 * would in a run. Every status is listed, FAILING included: the worker asks a workspace's
 * connection whatever its last test said, so the status is shown rather than hidden.
 */
export function workspaceEngineList(
  serverEnv: EngineEnv,
  connections: readonly ListedConnection[],
): ListedEngine[] {
  const answering = connections.filter((c) => ENGINE_KIND_SPECS[c.kind].engineId !== null);
  const env = withWorkspaceConnections(
    serverEnv,
    answering.map((c) => ({
      kind: c.kind,
      baseUrl: c.baseUrl,
      model: c.model,
      apiKey: c.keyHint === null ? null : STORED_KEY,
    })),
  );
  const byEngine = new Map(answering.map((c) => [ENGINE_KIND_SPECS[c.kind].engineId, c]));
  return listEngines(env).map((engine) => listed(engine, byEngine.get(engine.id)));
}
