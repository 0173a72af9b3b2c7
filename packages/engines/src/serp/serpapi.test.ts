import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../test/loopback-server';
import {
  EngineAuthError,
  EngineRateLimitError,
  EngineRequestError,
  EngineTransientError,
} from '../engine';
import { DEFAULT_PRICE_TABLE, priceAnswer } from '../pricing/price-table';
import { getEngine, listEngines } from '../registry';
import { createSerpApiEngine } from './serpapi';

// SerpApi on a loopback server answering with recorded-shape JSON (fixtures/): Google's results
// page with an AI Overview inline, one loaded by page_token, AI Mode, none shown, no results,
// and SerpApi's error bodies (docs/engines.md, "Answer pages").

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

const KEY = 'serpapi-canary-9f8e7d6c5b4a39281706';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function params(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'http://loopback').searchParams);
}

describe('Google AI Overviews through SerpApi', () => {
  it('turns the overview’s text blocks into markdown and its references into citations', async () => {
    server = await startLoopback(() => ({ body: fixture('google-ai-overview-inline') }));
    const engine = createSerpApiEngine('ai-overview', { apiKey: KEY, baseURL: server.url });

    const answer = await engine.answer({
      prompt: 'best crm for startups',
      country: 'Germany',
      language: 'de',
    });

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.path.startsWith('/search.json?')).toBe(true);
    expect(params(request.path)).toEqual({
      engine: 'google',
      q: 'best crm for startups',
      location: 'Germany',
      gl: 'de',
      hl: 'de',
      api_key: KEY,
    });
    expect(answer.text).toBe(
      [
        'For most early-stage startups, Northwind CRM and Relaymark are the CRMs founders recommend most, because both have free tiers and set up in a day. [1][3]',
        '### Popular choices',
        [
          '- **Northwind CRM:** Free for up to 5 users, with a pipeline view and email sync. [1][2]',
          '- **Relaymark:** Cheaper seats and a simple API. [3]',
          '  - Its startup programme gives a year free. [4]',
          '- **HubSpot CRM:** A generous free plan, but paid tiers climb quickly. [3]',
        ].join('\n'),
        [
          '| CRM | Free plan | Paid from |',
          '| --- | --- | --- |',
          '| Northwind CRM | 5 users | $12 |',
          '| Relaymark | 3 users | $9 |',
        ].join('\n'),
        '[2][3]',
        'Choose by the tools you already use and how fast your team grows.',
      ].join('\n\n'),
    );
    // In reference order; the same page under two indexes is one citation (position 3).
    expect(answer.citations).toEqual([
      {
        url: 'https://www.reddit.com/r/startups/comments/1abc2de/which_crm/',
        title: 'Which CRM for a 5-person startup? : r/startups',
      },
      { url: 'https://northwind.example/pricing', title: 'Northwind CRM pricing' },
      {
        url: 'https://crmreviews.example/best-crm-startups',
        title: 'The 7 best CRMs for startups in 2026',
      },
      { url: 'https://relaymark.example/startups', title: 'Relaymark for Startups' },
    ]);
    expect(answer.servedModel).toBe('google_ai_overview');
    expect(answer.noOverview).toBeUndefined();
    expect(answer.usage).toEqual({ searchCalls: 1 });
    expect(priceAnswer(DEFAULT_PRICE_TABLE, 'serpapi', answer)).toBe(0.015);
  });

  it('loads an overview Google serves separately with a second request, its page_token', async () => {
    server = await startLoopback((request) =>
      params(request.path).engine === 'google_ai_overview'
        ? { body: fixture('google-ai-overview-followup') }
        : { body: fixture('google-ai-overview-page-token') },
    );
    const engine = createSerpApiEngine('ai-overview', { apiKey: KEY, baseURL: server.url });

    const answer = await engine.answer({ prompt: 'crm with the best api', language: 'en' });

    expect(server.requests.map((r) => params(r.path))).toEqual([
      { engine: 'google', q: 'crm with the best api', hl: 'en', api_key: KEY },
      {
        engine: 'google_ai_overview',
        page_token: (
          fixture('google-ai-overview-page-token') as { ai_overview: { page_token: string } }
        ).ai_overview.page_token,
        api_key: KEY,
      },
    ]);
    expect(answer.text).toBe(
      'Relaymark is often named the CRM with the best API, ahead of Northwind CRM. [1][2]\n\n' +
        '- **Relaymark:** REST and GraphQL APIs, webhooks for every object. [1]\n' +
        '- **Northwind CRM:** A REST API with rate limits on the free plan. [3]',
    );
    expect(answer.citations.map((c) => c.url)).toEqual([
      'https://relaymark.example/docs/api',
      'https://devtools.example/crm-apis',
      'https://northwind.example/developers',
    ]);
    // Two SerpApi searches, both priced.
    expect(answer.usage).toEqual({ searchCalls: 2 });
    expect(priceAnswer(DEFAULT_PRICE_TABLE, 'serpapi', answer)).toBe(0.03);
  });

  it('no AI Overview on the page is an answer flagged noOverview, with no text', async () => {
    server = await startLoopback(() => ({ body: fixture('google-no-overview') }));
    const engine = createSerpApiEngine('ai-overview', { apiKey: KEY, baseURL: server.url });
    const answer = await engine.answer({ prompt: 'northwind crm login' });
    expect(answer).toMatchObject({ text: '', citations: [], noOverview: true });
    expect(answer.usage).toEqual({ searchCalls: 1 });
  });

  it('a query Google shows no results for is no overview too, not a failure', async () => {
    server = await startLoopback(() => ({ body: fixture('google-no-results') }));
    const engine = createSerpApiEngine('ai-overview', { apiKey: KEY, baseURL: server.url });
    const answer = await engine.answer({ prompt: 'zzqxv northwind relaymark qqzx' });
    expect(answer).toMatchObject({ text: '', noOverview: true });
  });

  it('an overview that no longer loads by its token is a transient failure', async () => {
    server = await startLoopback((request) =>
      params(request.path).engine === 'google_ai_overview'
        ? { status: 400, body: { error: 'Invalid `page_token` parameter.' } }
        : { body: fixture('google-ai-overview-page-token') },
    );
    const engine = createSerpApiEngine('ai-overview', { apiKey: KEY, baseURL: server.url });
    await expect(engine.answer({ prompt: 'crm with the best api' })).rejects.toBeInstanceOf(
      EngineTransientError,
    );
  });
});

describe('Google AI Mode through SerpApi', () => {
  it('asks engine=google_ai_mode with the place and language, and reads its blocks', async () => {
    server = await startLoopback(() => ({ body: fixture('google-ai-mode') }));
    const engine = createSerpApiEngine('ai-mode', { apiKey: KEY, baseURL: server.url });

    const answer = await engine.answer({
      prompt: 'best crm for startups',
      country: 'FR',
      language: 'fr',
    });

    expect(params(server.requests[0]!.path)).toEqual({
      engine: 'google_ai_mode',
      q: 'best crm for startups',
      location: 'France',
      gl: 'fr',
      hl: 'fr',
      api_key: KEY,
    });
    expect(answer.text).toBe(
      'Pour une startup, Northwind CRM et Relaymark sont les plus souvent recommandés. [1][2]\n\n' +
        '### Points clés\n\n' +
        "- **Northwind CRM**: gratuit jusqu'à 5 utilisateurs. [2]\n" +
        '- **Relaymark**: moins cher par siège. [3]',
    );
    expect(answer.citations).toEqual([
      { url: 'https://www.journaldunet.example/crm-startup', title: 'Quel CRM pour une startup ?' },
      { url: 'https://northwind.example/fr/tarifs', title: 'Northwind CRM – Tarifs' },
      { url: 'https://relaymark.example/fr', title: 'Relaymark' },
    ]);
    expect(answer.servedModel).toBe('google_ai_mode');
    expect(answer.usage).toEqual({ searchCalls: 1 });
  });
});

describe('SerpApi refusals', () => {
  it('a bad key is an authentication error with SerpApi’s words, never the key', async () => {
    server = await startLoopback(() => ({
      status: 401,
      body: {
        error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
      },
    }));
    const engine = createSerpApiEngine('ai-overview', { apiKey: KEY, baseURL: server.url });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineAuthError);
    expect((error as Error).message).toBe(
      'Authentication failed for Google AI Overviews: Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key. Check the API key.',
    );
  });

  it('429: the hourly limit waits; an account out of searches does not', async () => {
    server = await startLoopback(() => ({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { error: 'Your searches for the hour are exhausted.' },
    }));
    const limited = createSerpApiEngine('ai-mode', { apiKey: KEY, baseURL: server.url });
    const error = await limited.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRateLimitError);
    expect((error as EngineRateLimitError).retryAfterMs).toBe(30_000);

    await server.close();
    server = await startLoopback(() => ({
      status: 429,
      body: { error: 'Your account has run out of searches.' },
    }));
    const spent = createSerpApiEngine('ai-mode', { apiKey: KEY, baseURL: server.url });
    await expect(spent.answer({ prompt: 'q' })).rejects.toBeInstanceOf(EngineRequestError);
  });

  it('a server error is transient', async () => {
    server = await startLoopback(() => ({ status: 503, body: { error: 'Service unavailable' } }));
    const engine = createSerpApiEngine('ai-overview', { apiKey: KEY, baseURL: server.url });
    await expect(engine.answer({ prompt: 'q' })).rejects.toBeInstanceOf(EngineTransientError);
  });
});

describe('the registry', () => {
  it('lists both answer pages with one server SerpApi key; a workspace’s key stands alone', () => {
    const env = { SERPAPI_API_KEY: 'server-serp-key' };
    expect(listEngines(env).filter((e) => e.provider === 'serpapi')).toEqual([
      {
        id: 'ai-overview',
        label: 'Google AI Overviews',
        provider: 'serpapi',
        model: 'google_ai_overview',
        offline: false,
      },
      {
        id: 'ai-mode',
        label: 'Google AI Mode',
        provider: 'serpapi',
        model: 'google_ai_mode',
        offline: false,
      },
    ]);
    // A workspace's AI Overviews connection whose key cannot be opened: not configured, and the
    // server's key is not used in its place; AI Mode keeps the server's.
    const overlaid = { ...env, AI_OVERVIEW_API_KEY: '', AI_OVERVIEW_BASE_URL: '' };
    expect(() => getEngine('ai-overview', { env: overlaid })).toThrow('set SERPAPI_API_KEY');
    expect(getEngine('ai-mode', { env: overlaid }).id).toBe('ai-mode');
  });
});
