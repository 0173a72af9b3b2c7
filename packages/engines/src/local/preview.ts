import type { Tx } from '@lumen/db/client';
import {
  type CorpusDocumentInput,
  withTemporaryCorpus,
} from '@lumen/db/repositories/corpus.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import type { Span, TrackedEntity } from '@lumen/domain/entities/types';
import { positionAdjustedShare } from '@lumen/domain/publishing/position-adjusted-share';
import { createLocalEngine } from './local-engine';
import { PERSONAS } from './personas';

// The what-if preview (docs/closed-loop.md, "What-if preview"): every local persona answers the
// targeted prompts twice, once from the corpus as it is and once from a temporary view of it that
// also holds the draft, and each pair of answers is analysed for the brand. Nothing is stored.

export type PreviewPrompt = { id: string; text: string };

export type PreviewAnswer = {
  text: string;
  mentioned: boolean;
  rank: number | null;
  /** The sentence around the brand's first mention, else the answer's opening. */
  excerpt: string;
  /** Where the brand is named, to highlight. */
  brandSpans: Span[];
  /** The GEO paper's position-adjusted word share of the brand, 0–1. */
  share: number;
  /** The answer cites the draft's page. */
  citesDraft: boolean;
};

export type PreviewResult = {
  promptId: string;
  prompt: string;
  engine: string;
  engineLabel: string;
  before: PreviewAnswer;
  after: PreviewAnswer;
};

export type PreviewInput = {
  prompts: readonly PreviewPrompt[];
  /** The draft as the page it would become. */
  document: CorpusDocumentInput;
  brandId: string;
  entities: readonly TrackedEntity[];
};

const EXCERPT = 240;

function excerptOf(text: string, snippet: string | undefined): string {
  if (snippet) return snippet;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

async function answerAll(
  db: Tx,
  prompts: readonly PreviewPrompt[],
): Promise<Map<string, { text: string; citations: { url: string; title?: string }[] }>> {
  const out = new Map<string, { text: string; citations: { url: string; title?: string }[] }>();
  // Every prompt at once; the four personas of one prompt share the one search.
  await Promise.all(
    prompts.map(async (prompt) => {
      const answers = await Promise.all(
        PERSONAS.map((persona) => createLocalEngine(db, persona).answer({ prompt: prompt.text })),
      );
      PERSONAS.forEach((persona, i) => {
        const a = answers[i];
        if (a) out.set(`${prompt.id}\u0000${persona.id}`, { text: a.text, citations: a.citations });
      });
    }),
  );
  return out;
}

/** Before and after answers of every local persona to every prompt; the corpus is unchanged. */
export async function previewDocumentEffect(db: Tx, input: PreviewInput): Promise<PreviewResult[]> {
  // The corpus as it is (on the pool) and the temporary view (on its transaction's connection)
  // at the same time: the first never sees the draft, the second always does.
  const [before, after] = await Promise.all([
    answerAll(db, input.prompts),
    withTemporaryCorpus(db, [input.document], (view) => answerAll(view, input.prompts)),
  ]);
  const analyze = createAnalyzer(input.entities);
  const describe = (answer: { text: string; citations: { url: string }[] }): PreviewAnswer => {
    const analysis = analyze(answer);
    const brand = analysis.mentions.find((m) => m.entityId === input.brandId);
    const own = analysis.citations.filter((c) => c.owner === 'own').map((c) => c.position);
    return {
      text: answer.text,
      mentioned: brand !== undefined,
      rank: brand?.rank ?? null,
      excerpt: excerptOf(answer.text, brand?.snippet),
      brandSpans: brand?.spans ?? [],
      share: positionAdjustedShare({
        text: answer.text,
        brandSpans: brand?.spans ?? [],
        ownCitationPositions: own,
      }),
      citesDraft: answer.citations.some((c) => c.url === input.document.url),
    };
  };
  return input.prompts.flatMap((prompt) =>
    PERSONAS.map((persona) => {
      const key = `${prompt.id}\u0000${persona.id}`;
      const empty = { text: '', citations: [] };
      return {
        promptId: prompt.id,
        prompt: prompt.text,
        engine: persona.id,
        engineLabel: persona.label,
        before: describe(before.get(key) ?? empty),
        after: describe(after.get(key) ?? empty),
      };
    }),
  );
}
