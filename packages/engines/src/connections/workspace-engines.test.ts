import { describe, expect, it } from 'vitest';
import { type ListedConnection, serverEngineList, workspaceEngineList } from './workspace-engines';

const connection = (patch: Partial<ListedConnection> & Pick<ListedConnection, 'kind'>) => ({
  baseUrl: null,
  model: null,
  keyHint: 'CAFE',
  status: 'CONNECTED' as const,
  ...patch,
});

const providers = (list: ReturnType<typeof serverEngineList>) => list.filter((e) => !e.offline);

describe('the engines a workspace can ask', () => {
  it('are the server’s when the workspace has no connection, then the local ones', () => {
    const server = serverEngineList({ OPENAI_API_KEY: 'server-key' });
    expect(workspaceEngineList({ OPENAI_API_KEY: 'server-key' }, [])).toEqual(server);
    expect(providers(server)).toEqual([
      expect.objectContaining({
        id: 'openai',
        source: 'SERVER',
        status: null,
        surface: 'MODEL_API',
        searchesWeb: true,
      }),
    ]);
    expect(server.find((e) => e.id === 'local')).toMatchObject({
      offline: true,
      source: 'SERVER',
      searchesWeb: false,
    });
  });

  it('add an engine only the workspace has connected, with its status', () => {
    const list = workspaceEngineList({ OPENAI_API_KEY: 'server-key' }, [
      connection({ kind: 'ANTHROPIC', status: 'UNTESTED' }),
    ]);
    expect(providers(list).map((e) => [e.id, e.source, e.status, e.searchesWeb])).toEqual([
      ['openai', 'SERVER', null, true],
      ['anthropic', 'WORKSPACE', 'UNTESTED', true],
    ]);
  });

  it('let a workspace connection stand for the server’s engine of its kind, FAILING shown', () => {
    const list = workspaceEngineList({ OPENAI_API_KEY: 'server-key', OPENAI_MODEL: 'gpt-4.1' }, [
      connection({ kind: 'OPENAI', status: 'FAILING', model: 'gpt-5-mini' }),
    ]);
    expect(providers(list)).toEqual([
      expect.objectContaining({
        id: 'openai',
        model: 'gpt-5-mini',
        source: 'WORKSPACE',
        status: 'FAILING',
      }),
    ]);
  });

  it('list a keyless OpenAI-compatible server once it has a model, without web search', () => {
    const compatible = connection({
      kind: 'OPENAI_COMPATIBLE',
      baseUrl: 'https://llm.example.com/v1',
      keyHint: null,
    });
    expect(providers(workspaceEngineList({}, [compatible]))).toEqual([]);
    expect(providers(workspaceEngineList({}, [{ ...compatible, model: 'llama3.1' }]))).toEqual([
      expect.objectContaining({
        id: 'openai-compatible',
        label: 'llama3.1 (llm.example.com)',
        source: 'WORKSPACE',
        searchesWeb: false,
      }),
    ]);
  });

  it('list xAI with web search, DeepSeek and Mistral without, from the workspace’s keys', () => {
    const list = workspaceEngineList({ MISTRAL_API_KEY: 'server-mistral' }, [
      connection({ kind: 'XAI', model: 'grok-4-fast-non-reasoning' }),
      connection({ kind: 'DEEPSEEK', status: 'FAILING' }),
    ]);
    expect(
      providers(list).map((e) => [e.id, e.model, e.source, e.status, e.surface, e.searchesWeb]),
    ).toEqual([
      ['xai', 'grok-4-fast-non-reasoning', 'WORKSPACE', 'CONNECTED', 'MODEL_API', true],
      ['deepseek', 'deepseek-chat', 'WORKSPACE', 'FAILING', 'MODEL_API', false],
      ['mistral', 'mistral-medium-latest', 'SERVER', null, 'MODEL_API', false],
    ]);
  });

  it('list Google’s answer pages as ANSWER_PAGE engines that search the web', () => {
    const list = workspaceEngineList({ SERPAPI_API_KEY: 'server-serp' }, [
      connection({ kind: 'AI_OVERVIEW', status: 'UNTESTED' }),
    ]);
    expect(
      providers(list).map((e) => [e.id, e.model, e.source, e.status, e.surface, e.searchesWeb]),
    ).toEqual([
      ['ai-overview', 'google_ai_overview', 'WORKSPACE', 'UNTESTED', 'ANSWER_PAGE', true],
      ['ai-mode', 'google_ai_mode', 'SERVER', null, 'ANSWER_PAGE', true],
    ]);
  });
});
