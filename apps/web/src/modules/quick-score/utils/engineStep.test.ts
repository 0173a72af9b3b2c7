import { describe, expect, it } from 'vitest';
import { describeEngineStep } from './engineStep';

describe('describeEngineStep', () => {
  it.each([
    [null, 'Asked to AI engines', 'Each question goes to every engine, in parallel.'],
    [
      [],
      'No engine available',
      'This server has no answer engine set up, so checks cannot run yet.',
    ],
    [
      [
        { label: 'Local GPT', offline: true },
        { label: 'Local Claude', offline: true },
      ],
      'Asked to 2 offline engines',
      'No AI provider is connected to this server: offline engines, each in the manner of a real one, answer from Lumen’s own documents, in parallel.',
    ],
    [
      [
        { label: 'ChatGPT', offline: false },
        { label: 'Claude', offline: false },
        { label: 'Gemini', offline: false },
      ],
      'Asked to 3 AI engines',
      'ChatGPT, Claude and Gemini answer each one, in parallel.',
    ],
    [[{ label: 'Claude', offline: false }], 'Asked to 1 AI engine', 'Claude answers each one.'],
  ])('%j', (engines, title, body) => {
    expect(describeEngineStep(engines)).toEqual({ title, body });
  });
});
