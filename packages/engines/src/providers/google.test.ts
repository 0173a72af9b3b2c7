import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../test/loopback-server';
import { EngineAuthError, MAX_OUTPUT_TOKENS } from '../engine';
import { createGoogleEngine } from './google';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const REDIRECT = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQF';

const groundedReply = {
  candidates: [
    {
      content: {
        role: 'model',
        parts: [
          {
            text: 'For startups, **Relaymark** and **Northwind CRM** are the most cited CRMs.',
          },
        ],
      },
      finishReason: 'STOP',
      index: 0,
      groundingMetadata: {
        webSearchQueries: ['best crm for startups'],
        searchEntryPoint: { renderedContent: '<style>.container{}</style><div></div>' },
        groundingChunks: [
          { web: { uri: `${REDIRECT}1`, title: 'techradar.com' } },
          { web: { uri: `${REDIRECT}2`, title: 'Zapier Blog' } },
          { web: { uri: 'https://www.pcmag.com/picks/the-best-crm-software', title: 'PCMag' } },
        ],
        groundingSupports: [
          {
            segment: { startIndex: 0, endIndex: 72, text: 'For startups, ...' },
            groundingChunkIndices: [0, 1],
            confidenceScores: [0.9, 0.8],
          },
        ],
      },
    },
  ],
  usageMetadata: {
    promptTokenCount: 11,
    candidatesTokenCount: 140,
    totalTokenCount: 151,
    toolUsePromptTokenCount: 98,
  },
  modelVersion: 'gemini-2.5-flash-preview-09-2025',
  responseId: 'mjAgaPqGCr2Nz7IPw8fNuA0',
};

describe('Google engine (Gemini with Google Search grounding)', () => {
  it('grounds with google_search and cites the publishers behind the grounding chunks', async () => {
    server = await startLoopback(() => ({ body: groundedReply }));
    const engine = createGoogleEngine({ apiKey: 'AIza-test', baseURL: `${server.url}/v1beta` });

    const answer = await engine.answer({ prompt: 'best CRM for startups' });

    const request = server.requests[0];
    expect(request?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request?.headers['x-goog-api-key']).toBe('AIza-test');
    expect(request?.body).toMatchObject({
      tools: [{ googleSearch: {} }],
      generationConfig: { maxOutputTokens: MAX_OUTPUT_TOKENS },
    });
    expect(answer.text).toContain('**Relaymark**');
    expect(answer.citations).toEqual([
      { url: 'https://techradar.com/', title: 'techradar.com' },
      { url: `${REDIRECT}2`, title: 'Zapier Blog' },
      { url: 'https://www.pcmag.com/picks/the-best-crm-software', title: 'PCMag' },
    ]);
    expect(answer.servedModel).toBe('gemini-2.5-flash-preview-09-2025');
    // Google bills the search tool's prompt tokens as input; @ai-sdk/google 4 counts them
    // (11 prompt + 98 tool-use), where 3.x reported the prompt alone.
    expect(answer.usage).toMatchObject({
      inputTokens: 109,
      outputTokens: 140,
      totalTokens: 249,
      searchCalls: 1,
    });
  });

  it('reports an invalid key (Google answers 400 API_KEY_INVALID or 403) as authentication', async () => {
    server = await startLoopback(() => ({
      status: 403,
      body: {
        error: {
          code: 403,
          message: "Method doesn't allow unregistered callers. Please use API Key.",
          status: 'PERMISSION_DENIED',
        },
      },
    }));
    const engine = createGoogleEngine({ apiKey: 'AIza-bad', baseURL: `${server.url}/v1beta` });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineAuthError);
  });
});
