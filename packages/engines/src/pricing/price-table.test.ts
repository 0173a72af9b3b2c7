import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_TABLE,
  findPrice,
  loadPriceTable,
  PriceTableError,
  parsePriceTable,
  priceAnswer,
  typicalCost,
} from './price-table';

describe('findPrice', () => {
  it('finds a model by its id, whatever the case', () => {
    expect(findPrice(DEFAULT_PRICE_TABLE, 'openai', 'GPT-5-mini')?.inputPerMTok).toBe(0.25);
  });

  it('prices a dated snapshot as its model, and never a longer name as a shorter one', () => {
    expect(findPrice(DEFAULT_PRICE_TABLE, 'openai', 'gpt-5-mini-2025-08-07')?.model).toBe(
      'gpt-5-mini',
    );
    expect(findPrice(DEFAULT_PRICE_TABLE, 'anthropic', 'claude-sonnet-4-5-20250929')?.model).toBe(
      'claude-sonnet-4-5',
    );
    // "gpt-5-pro" is not a snapshot of "gpt-5": unknown, not gpt-5's price
    expect(findPrice(DEFAULT_PRICE_TABLE, 'openai', 'gpt-5-pro')).toBeNull();
  });

  it('keeps providers apart and knows no model of an OpenAI-compatible server by default', () => {
    expect(findPrice(DEFAULT_PRICE_TABLE, 'openai-compatible', 'gpt-4o-mini')).toBeNull();
    expect(findPrice(DEFAULT_PRICE_TABLE, 'perplexity', 'gpt-5')).toBeNull();
  });

  it('states a source and a day for every built-in figure', () => {
    for (const entry of DEFAULT_PRICE_TABLE) {
      expect(entry.source).toMatch(/^https:\/\//);
      expect(entry.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('priceAnswer', () => {
  it('prices the served model from the reply (hand-computed)', () => {
    // claude-sonnet-4-5: 2 000 × 3 = 6 000 µ$; 500 × 15 = 7 500 µ$; 2 searches × $0.01 → 0.0335
    expect(
      priceAnswer(DEFAULT_PRICE_TABLE, 'anthropic', {
        requestedModel: 'claude-sonnet-4-5',
        servedModel: 'claude-sonnet-4-5-20250929',
        usage: { inputTokens: 2000, outputTokens: 500, searchCalls: 2 },
      }),
    ).toBe(0.0335);
  });

  it('falls back to the requested model when the served one is not in the table', () => {
    // sonar: 26 + 48 tokens at $1/M = 74 µ$, + $0.005 request → 0.005074
    expect(
      priceAnswer(DEFAULT_PRICE_TABLE, 'perplexity', {
        requestedModel: 'sonar',
        servedModel: 'sonar-2099',
        usage: { inputTokens: 26, outputTokens: 48 },
      }),
    ).toBe(0.005074);
  });

  it('is null for an unknown model and 0 for the local engines', () => {
    const usage = { inputTokens: 100, outputTokens: 100 };
    expect(
      priceAnswer(DEFAULT_PRICE_TABLE, 'openai-compatible', { requestedModel: 'llama3', usage }),
    ).toBeNull();
    expect(
      priceAnswer(DEFAULT_PRICE_TABLE, 'local', { requestedModel: 'local-gpt', usage: null }),
    ).toBe(0);
  });

  it('prices a typical answer for estimates', () => {
    // gemini-2.5-flash: 1 500 × 0.3 = 450 µ$; 700 × 2.5 = 1 750 µ$; grounding $0.035 → 0.0372
    expect(typicalCost(DEFAULT_PRICE_TABLE, 'google', 'gemini-2.5-flash')).toBe(0.0372);
  });
});

describe('an operator’s price table', () => {
  const row = {
    provider: 'openai-compatible',
    model: 'llama3.1:8b',
    inputPerMTok: 0.1,
    outputPerMTok: 0.2,
    asOf: '2026-11-01',
    source: 'our GPU bill',
  };

  it('adds models and replaces built-in rows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prices-'));
    const file = join(dir, 'prices.json');
    writeFileSync(
      file,
      JSON.stringify({
        prices: [row, { ...row, provider: 'openai', model: 'gpt-5-mini', inputPerMTok: 9 }],
      }),
    );
    const table = loadPriceTable({ PRICE_TABLE_FILE: file });
    expect(findPrice(table, 'openai-compatible', 'llama3.1:8b')?.outputPerMTok).toBe(0.2);
    expect(findPrice(table, 'openai', 'gpt-5-mini')?.inputPerMTok).toBe(9);
    expect(findPrice(table, 'openai', 'gpt-5')?.inputPerMTok).toBe(1.25);
  });

  it('takes inline JSON too (a bare list)', () => {
    const table = loadPriceTable({ PRICE_TABLE: JSON.stringify([row]) });
    expect(findPrice(table, 'openai-compatible', 'LLAMA3.1:8B')?.inputPerMTok).toBe(0.1);
  });

  it('refuses a bad table with the row and field that is wrong', () => {
    expect(() => parsePriceTable('{', 'PRICE_TABLE')).toThrow('PRICE_TABLE is not JSON.');
    expect(() =>
      parsePriceTable(JSON.stringify({ prices: [{ ...row, inputPerMTok: -1 }] }), 'PRICE_TABLE'),
    ).toThrow('PRICE_TABLE: prices.0.inputPerMTok: Prices are dollars, 0 or more.');
    expect(() => loadPriceTable({ PRICE_TABLE_FILE: '/nonexistent/prices.json' })).toThrow(
      PriceTableError,
    );
  });
});
