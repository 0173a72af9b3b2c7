import { describe, expect, it } from 'vitest';
import { engineQueryJobId, parseEngineQueryJobId } from './brand-run';
import {
  ENGINE_QUEUE_SETTINGS,
  ENGINE_QUEUES,
  EngineQueueLimitsError,
  engineQueueOf,
  engineQueueSettings,
} from './engine-queues';
import { ALL_QUEUES } from './queues';

describe('engine queues', () => {
  it.each([
    ['openai', 'engine-openai'],
    ['anthropic', 'engine-anthropic'],
    ['google', 'engine-google'],
    ['perplexity', 'engine-perplexity'],
    ['xai', 'engine-xai'],
    ['deepseek', 'engine-deepseek'],
    ['mistral', 'engine-mistral'],
    ['ai-overview', 'engine-serpapi'],
    ['ai-mode', 'engine-serpapi'],
    ['openai-compatible', 'engine-openai-compatible'],
    ['local', 'engine-local'],
    ['local-claude', 'engine-local'],
    // Unknown ids fail in the worker as unavailable engines, without touching a provider queue.
    ['mystery', 'engine-local'],
  ])('%s waits in %s', (engine, queue) => {
    expect(engineQueueOf(engine)).toBe(queue);
  });

  it('every provider queue exists, has settings, and is limited unless it is local', () => {
    for (const queue of ENGINE_QUEUES) {
      expect(ALL_QUEUES).toContain(queue);
      const settings = ENGINE_QUEUE_SETTINGS[queue];
      expect(settings?.concurrency).toBeGreaterThan(0);
      if (queue !== 'engine-local') expect(settings?.limiter?.max).toBeGreaterThan(0);
    }
    expect(new Set(ENGINE_QUEUES).size).toBe(ENGINE_QUEUES.length);
    expect(ENGINE_QUEUES).toHaveLength(10);
  });

  it('child job ids are deterministic and valid BullMQ custom ids (no colon)', () => {
    const id = engineQueryJobId(
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      'openai-compatible',
    );
    expect(id).toBe(
      '00000000-0000-4000-8000-000000000001_00000000-0000-4000-8000-000000000002_openai-compatible',
    );
    expect(id).not.toContain(':');
    // The parent reads failed children back from their Redis keys.
    expect(parseEngineQueryJobId(`lumen:engine-openai-compatible:${id}`)).toEqual({
      runId: '00000000-0000-4000-8000-000000000001',
      promptId: '00000000-0000-4000-8000-000000000002',
      engine: 'openai-compatible',
      sample: 1,
    });
    expect(parseEngineQueryJobId('lumen:visibility:not-a-child')).toBeNull();
  });

  it('a later sample has its own child id, read back with its number', () => {
    const [run, prompt] = [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ];
    const ids = [1, 2, 3].map((sample) => engineQueryJobId(run, prompt, 'local-gpt', sample));
    expect(new Set(ids).size).toBe(3);
    expect(ids[2]).toBe(`${run}_${prompt}_local-gpt_3`);
    expect(parseEngineQueryJobId(`lumen:engine-local:${ids[2]}`)).toEqual({
      runId: run,
      promptId: prompt,
      engine: 'local-gpt',
      sample: 3,
    });
    expect(parseEngineQueryJobId(ids[0] ?? '')?.sample).toBe(1);
  });

  it('an operator overrides some providers and keeps the others', () => {
    const settings = engineQueueSettings(' openai:16:20, local:4:0 ');
    expect(settings['engine-openai']).toEqual({
      concurrency: 16,
      limiter: { max: 20, duration: 1_000 },
    });
    expect(settings['engine-local']).toEqual({ concurrency: 4 });
    expect(settings['engine-anthropic']).toEqual(ENGINE_QUEUE_SETTINGS['engine-anthropic']);
    expect(engineQueueSettings(undefined)).toEqual(ENGINE_QUEUE_SETTINGS);
    expect(engineQueueSettings('')).toEqual(ENGINE_QUEUE_SETTINGS);
  });

  it.each(['openai', 'openai:16', 'chatgpt:4:4', 'openai:0:4', 'openai:four:4', 'openai:4:4;'])(
    'refuses "%s" with the format',
    (value) => {
      expect(() => engineQueueSettings(value)).toThrow(EngineQueueLimitsError);
      expect(() => engineQueueSettings(value)).toThrow(/provider:concurrency:perSecond/);
    },
  );
});
