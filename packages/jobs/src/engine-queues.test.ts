import { describe, expect, it } from 'vitest';
import { engineQueryJobId, parseEngineQueryJobId } from './brand-run';
import { ENGINE_QUEUE_SETTINGS, ENGINE_QUEUES, engineQueueOf } from './engine-queues';
import { ALL_QUEUES } from './queues';

describe('engine queues', () => {
  it.each([
    ['openai', 'engine-openai'],
    ['anthropic', 'engine-anthropic'],
    ['google', 'engine-google'],
    ['perplexity', 'engine-perplexity'],
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
    expect(new Set(ENGINE_QUEUES).size).toBe(6);
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
    });
    expect(parseEngineQueryJobId('lumen:visibility:not-a-child')).toBeNull();
  });
});
