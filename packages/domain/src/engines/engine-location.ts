// Whether an engine is asked for a place (docs/engines.md, "Location and web search, per
// engine"): what each adapter in packages/engines sends, in words a page can show. The adapters
// decide; this table says what they do and is checked against them by engine-location.test.ts.

/**
 * COUNTRY_AND_LANGUAGE: the results page is asked for the prompt's country and language.
 * COUNTRY: the search tool gets the prompt's country as an approximate user location.
 * NONE: nothing but the prompt's own wording says where the asker is.
 */
export type EngineLocation = 'COUNTRY_AND_LANGUAGE' | 'COUNTRY' | 'NONE';

const LOCATION: Record<string, EngineLocation> = {
  openai: 'COUNTRY',
  anthropic: 'COUNTRY',
  perplexity: 'COUNTRY',
  'ai-overview': 'COUNTRY_AND_LANGUAGE',
  'ai-mode': 'COUNTRY_AND_LANGUAGE',
};

const WHY_NOT: Record<string, string> = {
  google:
    'Gemini’s API has no user-location parameter for Google Search grounding, so answers are placed only by the prompt’s language.',
  xai: 'Live Search is not given a country, so answers are placed only by the prompt’s language.',
  deepseek: 'No web search and no location parameter: answers follow the prompt’s language only.',
  mistral: 'No web search and no location parameter: answers follow the prompt’s language only.',
  'openai-compatible':
    'No location parameter is sent to an OpenAI-compatible server: answers follow the prompt’s language only.',
};

/** How an engine is placed; unknown and offline engines are not. */
export function engineLocation(engineId: string): EngineLocation {
  return LOCATION[engineId] ?? 'NONE';
}

/** One sentence for a page: whether the location is applied, and how or why not. */
export function engineLocationNote(engineId: string, offline = false): string {
  switch (engineLocation(engineId)) {
    case 'COUNTRY_AND_LANGUAGE':
      return 'Location applied: Google is asked for the prompt’s country and language.';
    case 'COUNTRY':
      return 'Location applied: its web search gets the prompt’s country.';
    default:
      if (offline) {
        return 'Location not applied: the offline engines answer in English wherever the prompt is for.';
      }
      return `Location not applied. ${WHY_NOT[engineId] ?? 'The engine takes no location: answers follow the prompt’s language only.'}`;
  }
}
