import { describe, expect, it } from 'vitest';
import { engineLocation, engineLocationNote } from './engine-location';

describe('engine location', () => {
  it.each([
    ['openai', 'COUNTRY'],
    ['anthropic', 'COUNTRY'],
    ['perplexity', 'COUNTRY'],
    ['ai-overview', 'COUNTRY_AND_LANGUAGE'],
    ['ai-mode', 'COUNTRY_AND_LANGUAGE'],
    ['google', 'NONE'],
    ['xai', 'NONE'],
    ['deepseek', 'NONE'],
    ['mistral', 'NONE'],
    ['openai-compatible', 'NONE'],
    ['local-gpt', 'NONE'],
  ])('%s: %s', (engine, location) => {
    expect(engineLocation(engine)).toBe(location);
  });

  it('says why not where it is not applied', () => {
    expect(engineLocationNote('google')).toMatch(
      /^Location not applied\. Gemini’s API has no user-location/,
    );
    expect(engineLocationNote('local-gpt', true)).toMatch(/offline engines answer in English/);
    expect(engineLocationNote('openai')).toMatch(/^Location applied/);
    expect(engineLocationNote('something-new')).toMatch(/^Location not applied/);
  });
});
