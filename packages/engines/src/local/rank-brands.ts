import type { CorpusHit } from '@lumen/db/repositories/corpus.repository';
import { seededRandom } from '../corpus/random';
import { extractBrands, mentionTester } from './brand-extraction';
import { memoize } from './memo';
import type { Persona } from './personas';
import { sentencesOf, wordKeys } from './text';

const YEAR_MS = 365.25 * 86_400_000;
/** Documents scoring below this share of the best match are off-topic for the question. */
const RELEVANCE_FLOOR = 0.3;
/** Each further document about a brand counts less: engines follow their top sources. */
const REPEAT_DECAY = 0.6;

export interface ReadDocument {
  hit: CorpusHit;
  /** The persona's trust in this document for this question, in (0, 1]. */
  weight: number;
}

/**
 * How much a later sample's reading may weigh a page differently (± half of this): as a real
 * engine's retrieval varies between two askings, pages of close relevance trade places, while a
 * clearly better page stays ahead. The first sample reads the pages as they rank.
 */
const SAMPLE_JITTER = 0.5;

// Seeded by the page's title, not its address: the same page reads the same way wherever it is
// served (a test's WordPress gets a new port each time).
function sampleFactor(persona: Persona, sample: number, page: CorpusHit): number {
  if (sample <= 1) return 1;
  return 1 + SAMPLE_JITTER * (seededRandom(`${persona.id}#${sample}#${page.title}`).next() - 0.5);
}

/**
 * The documents a persona reads: relevance × trust in the kind of page × freshness, and, from the
 * second sample of a run on, a reproducible variation per page (docs/metrics.md, "Samples").
 */
export function selectDocuments(
  hits: readonly CorpusHit[],
  persona: Persona,
  sample = 1,
): ReadDocument[] {
  if (hits.length === 0) return [];
  const best = Math.max(...hits.map((h) => h.score));
  if (!(best > 0)) return [];
  // Age is measured against the newest candidate, not the clock, so answers stay reproducible.
  const newest = Math.max(...hits.map((h) => h.publishedAt?.getTime() ?? 0));
  const scored = hits
    .filter((hit) => hit.score >= best * RELEVANCE_FLOOR)
    .map((hit) => {
      const ageYears = hit.publishedAt ? (newest - hit.publishedAt.getTime()) / YEAR_MS : 2;
      const freshness = Math.exp(-persona.recencyWeight * Math.max(0, ageYears));
      const trust = persona.kindWeights[hit.kind ?? ''] ?? 1;
      const varied = sampleFactor(persona, sample, hit);
      return { hit, raw: (hit.score / best) * trust * freshness * varied };
    })
    .sort((a, b) => b.raw - a.raw || a.hit.url.localeCompare(b.hit.url))
    .slice(0, persona.depth);
  const top = scored[0]?.raw ?? 1;
  return scored.map(({ hit, raw }) => ({ hit, weight: raw / top }));
}

const POSITIVE =
  /\b(best|recommend\w*|love[sd]?|great|excellent|wins?|beats?|pick|top|trust\w*|strong|stands? out|sets? \w+ apart|earns?|never looked back|worked well|solid|favou?rite|like|ideal|\+1)\b/gi;
const NEGATIVE =
  /\b(switch\w* away|moving away|leaving|avoid|would not|wouldn't|not go back|downside|drawback|complaint|lacks?|missing|overkill|poor|worse|expensive|dated|slow|limited|clunky|steep\w*|outgrow\w*|falls? short|problem\w*|frustrat\w*)\b/gi;

function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Lexicon sentiment of the sentences that name the brand, in [-1, 1]. */
export function sentimentAbout(sentences: readonly string[], name: string): number {
  let pos = 0;
  let neg = 0;
  for (const sentence of sentences) {
    if (!sentence.includes(name) || !mentionTester(name).test(sentence)) continue;
    pos += countMatches(sentence, POSITIVE);
    neg += countMatches(sentence, NEGATIVE);
  }
  return (pos - neg) / (pos + neg + 1);
}

export interface BrandEvidence {
  document: ReadDocument;
  contribution: number;
}

export interface RankedBrand {
  name: string;
  score: number;
  /** Supporting documents, strongest first. */
  evidence: BrandEvidence[];
}

function ownsDocument(name: string, domain: string): boolean {
  const head = (name.split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    head.length >= 3 &&
    domain
      .toLowerCase()
      .replace(/[^a-z0-9.]/g, '')
      .includes(head)
  );
}

/**
 * Ranks the brands the documents name. A brand's weight in one document grows with the
 * document's weight, its prominence there (list rank, title, early mention) and the tone of the
 * sentences about it; a vendor's page counts for the vendor, barely for the rivals it attacks.
 */
export function rankBrands(documents: readonly ReadDocument[]): RankedBrand[] {
  const known = new Set<string>();
  for (const { hit } of documents) for (const m of extractBrands(hit)) known.add(m.name);
  const byBrand = new Map<string, BrandEvidence[]>();
  for (const document of documents) {
    const { hit } = document;
    const sentences = sentencesOf(`${hit.title}\n${hit.body}`);
    const length = hit.title.length + hit.body.length + 1;
    for (const mention of extractBrands(hit, known)) {
      const sentiment = sentimentAbout(sentences, mention.name);
      if (sentiment < -0.2) continue;
      const prominence =
        mention.listRank !== undefined
          ? 1 / (1 + 0.3 * (mention.listRank - 1))
          : mention.inTitle
            ? 1
            : 1 - 0.6 * Math.min(1, mention.firstOffset / length);
      const repeated = Math.min(1.3, 1 + 0.05 * (mention.count - 1));
      const rivalOnVendorPage =
        hit.kind === 'vendor' && !ownsDocument(mention.name, hit.domain) ? 0.3 : 1;
      const contribution =
        document.weight * prominence * repeated * (1 + 0.3 * sentiment) * rivalOnVendorPage;
      const list = byBrand.get(mention.name) ?? [];
      list.push({ document, contribution });
      byBrand.set(mention.name, list);
    }
  }
  const ranked: RankedBrand[] = [];
  for (const [name, evidence] of byBrand) {
    evidence.sort(
      (a, b) =>
        b.contribution - a.contribution || a.document.hit.url.localeCompare(b.document.hit.url),
    );
    const score = evidence.reduce((sum, e, i) => sum + e.contribution * REPEAT_DECAY ** i, 0);
    ranked.push({ name, score, evidence });
  }
  return ranked.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

const objectPattern = memoize(
  (name) =>
    new RegExp(
      `\\b(?:beats|over|than|instead of|versus|vs\\.?|from)\\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    ),
  500,
);

const REASON_CUES =
  /\b(because|thanks to|offers?|apart|earns?|known for|stands? out|recommend|for)\b/i;

/** The sentence of a document that best says why the brand fits the question. */
export function reasonSentence(hit: CorpusHit, name: string, prompt: string): string | undefined {
  const best = scoredReason(hit, name, promptKeyWeights(prompt, [hit]));
  return best ? tidySentence(best.sentence, name) : undefined;
}

/**
 * The brand's best document for this question and the reason quoted from it: among its three
 * strongest documents, the one whose best sentence fits the question best, weighed by how much
 * that document backs the brand.
 */
export function bestReason(
  brand: RankedBrand,
  weights: ReadonlyMap<string, number>,
): { hit: CorpusHit; reason: string } | undefined {
  const top = brand.evidence[0]?.contribution ?? 0;
  let best: { hit: CorpusHit; sentence: string; score: number } | undefined;
  for (const { document, contribution } of brand.evidence.slice(0, 3)) {
    const found = scoredReason(document.hit, brand.name, weights);
    if (!found) continue;
    const score = found.score + (top > 0 ? 4 * (contribution / top) : 0);
    if (!best || score > best.score) best = { hit: document.hit, sentence: found.sentence, score };
  }
  return best ? { hit: best.hit, reason: tidySentence(best.sentence, brand.name) } : undefined;
}

/**
 * Weights for the question's words by how rare they are among the documents read: every page
 * about email marketing says "email", only the right ones say "ecommerce".
 */
export function promptKeyWeights(prompt: string, hits: readonly CorpusHit[]): Map<string, number> {
  const weights = new Map<string, number>();
  const docKeys = hits.map((hit) => documentKeys(`${hit.title}\n${hit.body}`));
  for (const key of wordKeys(prompt)) {
    const df = docKeys.filter((keys) => keys.has(key)).length;
    weights.set(key, Math.log(1 + (hits.length + 1) / (df + 0.5)));
  }
  return weights;
}

const documentKeys = memoize(wordKeys, 2000);

function scoredReason(
  hit: CorpusHit,
  name: string,
  weights: ReadonlyMap<string, number>,
): { sentence: string; score: number } | undefined {
  let best: { sentence: string; score: number } | undefined;
  const sentences = sentencesOf(hit.body);
  for (const [i, raw] of sentences.entries()) {
    if (!raw.includes(name) || !mentionTester(name).test(raw)) continue;
    let sentence = raw;
    // "+1 for Dashlock. It has dark web alerts…": the reason is in the next sentence.
    const next = sentences[i + 1];
    if (raw.length < 40 && next && /^(It|They)\s/.test(next)) {
      sentence = next.replace(/^(It|They)\s/, `${name} `);
    }
    if (sentence.length < 25) continue;
    const pos = countMatches(sentence, POSITIVE);
    const neg = countMatches(sentence, NEGATIVE);
    let overlap = 0;
    for (const key of wordKeys(sentence)) overlap += weights.get(key) ?? 0;
    const length = sentence.length;
    const hedged = /\b(but|however|although|only complaint)\b/i.test(sentence) ? 1 : 0;
    // "Pipewell beats Salesmith…" is a reason for Pipewell, not for Salesmith.
    const asObject = objectPattern(name).test(sentence) ? 3 : 0;
    const late = sentence.indexOf(name) > sentence.length * 0.4 ? 1 : 0;
    const score =
      overlap * 2 +
      pos -
      neg * 2 -
      hedged -
      asObject -
      late +
      (REASON_CUES.test(sentence) ? 1 : 0) -
      (length < 40 ? 2 : 0) -
      (length > 260 ? 1 : 0);
    if (!best || score > best.score) best = { sentence, score };
  }
  return best;
}

function tidySentence(sentence: string, name: string): string {
  let out = sentence.replace(/^\+1 for\s+/i, '').trim();
  // A list entry "Salesmith: a sales engagement CRM…" reads as a sentence once it has a verb.
  if (out.startsWith(`${name}: `)) out = `${name} is ${out.slice(name.length + 2)}`;
  if (out.length > 260) out = `${out.slice(0, 257).replace(/\s+\S*$/, '')}…`;
  if (!/[.!?…]$/.test(out)) out += '.';
  return out.charAt(0).toUpperCase() + out.slice(1);
}
