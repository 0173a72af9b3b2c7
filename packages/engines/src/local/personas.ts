/**
 * Local personas imitate how real engines differ: how many sources they read, how much they
 * favour recent pages, which kinds of page they trust, how many brands they list and how they
 * cite. Engines then disagree with each other the way ChatGPT and Perplexity do.
 */
export type CitationStyle =
  /** ChatGPT search: a link with the publisher's domain after the sentence it supports. */
  | 'inline-links'
  /** Claude: numbered markers in the text and a "Sources" list at the end. */
  | 'sources-list'
  /** Gemini: no markers in the text, a short list of the top sources at the end. */
  | 'top-sources'
  /** Perplexity: [n] markers after every claim; the sources travel beside the text. */
  | 'bracket-markers';

export interface Persona {
  id: string;
  label: string;
  /** Reported as the served model, versioned so that answers can be traced to the composer. */
  servedModel: string;
  /** How many documents it reads. */
  depth: number;
  /** Score multiplier per year of age, relative to the newest candidate: 0 ignores dates. */
  recencyWeight: number;
  /** Trust per kind of page (1 = neutral). */
  kindWeights: Partial<Record<string, number>>;
  /** How many brands it lists. */
  listSize: number;
  citationStyle: CitationStyle;
  /** At most this many citations. */
  maxCitations: number;
}

export const PERSONAS: readonly Persona[] = [
  {
    id: 'local-gpt',
    label: 'Local ChatGPT-style (offline)',
    servedModel: 'local-gpt-1',
    depth: 6,
    recencyWeight: 0.25,
    kindWeights: {
      listicle: 1.25,
      review: 1.1,
      comparison: 1,
      forum: 0.8,
      vendor: 0.6,
      guide: 0.9,
    },
    listSize: 5,
    citationStyle: 'inline-links',
    maxCitations: 5,
  },
  {
    id: 'local-claude',
    label: 'Local Claude-style (offline)',
    servedModel: 'local-claude-1',
    depth: 8,
    recencyWeight: 0.1,
    kindWeights: {
      review: 1.3,
      comparison: 1.25,
      listicle: 1,
      forum: 0.9,
      vendor: 0.5,
      guide: 1.1,
    },
    listSize: 4,
    citationStyle: 'sources-list',
    maxCitations: 6,
  },
  {
    id: 'local-gemini',
    label: 'Local Gemini-style (offline)',
    servedModel: 'local-gemini-1',
    depth: 5,
    recencyWeight: 0.6,
    kindWeights: { vendor: 1.2, listicle: 1.1, guide: 1.1, review: 1, comparison: 0.9, forum: 0.6 },
    listSize: 6,
    citationStyle: 'top-sources',
    maxCitations: 3,
  },
  {
    id: 'local-perplexity',
    label: 'Local Perplexity-style (offline)',
    servedModel: 'local-perplexity-1',
    depth: 10,
    recencyWeight: 0.45,
    kindWeights: { forum: 1.4, review: 1.2, listicle: 1, comparison: 1, vendor: 0.7, guide: 0.9 },
    listSize: 5,
    citationStyle: 'bracket-markers',
    maxCitations: 8,
  },
];

/** `local` is the default persona. */
export const DEFAULT_PERSONA_ID = 'local-gpt';

export function findPersona(id: string): Persona | undefined {
  const wanted = id === 'local' ? DEFAULT_PERSONA_ID : id;
  return PERSONAS.find((p) => p.id === wanted || p.servedModel === wanted);
}
