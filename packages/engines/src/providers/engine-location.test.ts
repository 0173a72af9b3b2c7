import { readdirSync, readFileSync } from 'node:fs';
import { engineLocation } from '@lumen/domain/engines/engine-location';
import { describe, expect, it } from 'vitest';

// The pages say per engine whether the location is applied (engineLocation in @lumen/domain);
// this holds that table to what the adapters here send.

const dir = new URL('./', import.meta.url);
const adapters = readdirSync(dir).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'user-location.ts',
);

describe('engine location table against the adapters', () => {
  it('exactly the adapters that send an approximate user location are COUNTRY', () => {
    const sending = adapters
      .filter((f) => readFileSync(new URL(f, dir), 'utf8').includes('approximateLocation('))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(sending).toEqual(['anthropic', 'openai', 'perplexity']);
    for (const id of sending) expect(engineLocation(id)).toBe('COUNTRY');
  });

  it('Gemini sends no location with its grounding tool', () => {
    const google = readFileSync(new URL('google.ts', dir), 'utf8');
    expect(google).toContain('googleSearch({})');
    expect(google).not.toMatch(/location/i);
    expect(engineLocation('google')).toBe('NONE');
  });
});
