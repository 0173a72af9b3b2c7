/// <reference path="./nlpjs-shims.d.ts" />
import langDe from '@nlpjs/lang-de';
import langEs from '@nlpjs/lang-es';
import langFr from '@nlpjs/lang-fr';
import type { TextScan } from './scan-text';
import type { MutedTokens } from './sentiment';

/**
 * Sentence sentiment for German, French and Spanish with the lexicons the maintained @nlpjs
 * language packages ship (SentiCon for German, Pattern for French, AFINN then SentiCon for
 * Spanish). Their entries are word stems, so tokens go through the packages' Snowball stemmers.
 * The rules are the English scorer's (sentiment.ts): a negation reaches three words within its
 * clause, the clause after a contrast word weighs three times the one before.
 */
export type ForeignLanguage = 'de' | 'fr' | 'es';

type Lexicon = {
  stem: (word: string) => string;
  values: Map<string, number>;
  negators: ReadonlySet<string>;
  contrast: ReadonlySet<string>;
  /** Valences already looked up, by folded word (NaN: none). */
  cache: Map<string, number>;
};

// SentiCon and Pattern score in [-1, 1]; AFINN, like the English scorer, in [-5, 5].
const SCALE = 5;
const NEGATION_SCALAR = -0.74;
const MAX_CACHE = 50_000;

// Size is not a judgement in answers about products ("grandes empresas", "große Teams").
const NEUTRAL_STEMS = ['grand', 'grande', 'gross', 'klein', 'petit', 'pequen'];

function lexicon(
  stemmer: { stemWord(word: string): string },
  sources: (Record<string, number> | undefined)[],
  scales: number[],
  negators: string[],
  contrast: string,
): Lexicon {
  const values = new Map<string, number>(NEUTRAL_STEMS.map((stem) => [stem, 0]));
  sources.forEach((source, i) => {
    for (const [stem, v] of Object.entries(source ?? {})) {
      if (!values.has(stem)) values.set(stem, v * scales[i]!);
    }
  });
  return {
    stem: (word) => stemmer.stemWord(word),
    values,
    negators: new Set(negators),
    contrast: new Set(contrast.split(' ')),
    cache: new Map(),
  };
}

const builders: Record<ForeignLanguage, () => Lexicon> = {
  de: () =>
    lexicon(
      new langDe.StemmerDe(),
      [langDe.SentimentDe.senticon],
      [SCALE],
      [...langDe.SentimentDe.negations.words, 'nie', 'niemals', 'ohne', 'kaum'],
      'aber jedoch allerdings doch obwohl',
    ),
  fr: () =>
    lexicon(
      new langFr.StemmerFr(),
      [langFr.SentimentFr.pattern],
      [SCALE],
      // The package lists no French negations: "ne … pas" and its kin, by their second word.
      [...langFr.SentimentFr.negations.words, 'pas', 'jamais', 'aucun', 'aucune', 'sans', 'guere'],
      'mais cependant pourtant toutefois',
    ),
  es: () =>
    lexicon(
      new langEs.StemmerEs(),
      [langEs.SentimentEs.afinn, langEs.SentimentEs.senticon],
      [1, SCALE],
      [...langEs.SentimentEs.negations.words, 'tampoco', 'sin', 'nada'],
      'pero aunque sino',
    ),
};
const built = new Map<ForeignLanguage, Lexicon>();

function valenceOf(lex: Lexicon, word: string): number {
  let v = lex.cache.get(word);
  if (v === undefined) {
    v = lex.values.get(lex.stem(word)) ?? lex.values.get(word) ?? Number.NaN;
    if (lex.cache.size < MAX_CACHE) lex.cache.set(word, v);
  }
  return v;
}

function clauseBreakAfter(scan: TextScan, a: number): boolean {
  for (let k = scan.ends[a]!; k < scan.starts[a + 1]!; k++) {
    const c = scan.text.charCodeAt(k);
    if (c === 44 || c === 59 || c === 58 || c === 40 || c === 41 || c === 124) return true;
  }
  return false;
}

/** Sentiment in [-1, 1] of the tokens [from, to) of a scanned, folded text. */
export function scoreForeign(
  language: ForeignLanguage,
  scan: TextScan,
  from: number,
  to: number,
  muted?: MutedTokens,
): number {
  let lex = built.get(language);
  if (!lex) {
    lex = builders[language]();
    built.set(language, lex);
  }
  let before = 0;
  let after = 0;
  let sawContrast = false;
  const word = (i: number) => scan.text.slice(scan.starts[i]!, scan.ends[i]!);
  for (let i = from; i < to; i++) {
    const w = word(i);
    if (lex.contrast.has(w)) {
      sawContrast = true;
      continue;
    }
    if (lex.negators.has(w)) continue;
    let v = valenceOf(lex, w);
    if (Number.isNaN(v) || v === 0 || muted?.muted(i, from, to)) continue;
    for (let k = 1; k <= 3 && i - k >= from; k++) {
      if (clauseBreakAfter(scan, i - k)) break;
      if (lex.negators.has(word(i - k))) {
        v *= NEGATION_SCALAR;
        break;
      }
    }
    if (sawContrast) after += v;
    else before += v;
  }
  const sum = sawContrast ? before * 0.5 + after * 1.5 : before;
  return sum / Math.sqrt(sum * sum + 15);
}
