import type { Span } from '../entities/types';
import { scoreForeign } from './foreign-sentiment';
import type { Language } from './language';
import type { TextScan } from './scan-text';
import { type MutedTokens, scoreTokens } from './sentiment';
import { type Coverage, coverage } from './span-coverage';
import { type FoldedText, originalOffset } from './text-normalize';
import { WordTable } from './word-table';

/** Languages with a lexicon; others are "not scored" (null), never guessed. */
const SCORED: ReadonlySet<Language> = new Set(['en', 'de', 'fr', 'es']);

// Lower-case words that may sit inside a title: "Tears of the Kingdom", "Lord of the Rings".
const TITLE_GLUE = new WordTable(
  'of the a an and for to in on at de la le les el y et du des del los las da di'
    .split(' ')
    .map((w) => [w, true] as const),
);

// Words that open a contrasting clause, in the scored languages.
const CLAUSE_OPENERS = new WordTable(
  'but however although though yet whereas aber jedoch allerdings obwohl mais cependant pourtant toutefois pero aunque sino'
    .split(' ')
    .map((w) => [w, true] as const),
);

const UPPER = /^\p{Lu}$/u;
const NONE = -2;
const SEVERAL = -1;

export type MentionSentimentInput = {
  text: string;
  folded: FoldedText;
  scan: TextScan;
  /** Sentence starts in original offsets. */
  starts: ArrayLike<number>;
  language: Language;
  /** Ranges that carry no sentiment, in original offsets: URLs, link texts, mentions. */
  names: readonly Span[];
  /** Per entity, its merged spans in text order. */
  spans: readonly Span[][];
};

/**
 * Sentiment of each entity's mentions (docs/analysis.md, "Sentiment"): the mean of the
 * sentences about it that hold a judgement; in a sentence that names other tracked entities
 * too, only the entity's own clause. null for an answer in a language without a lexicon.
 *
 * One instance per analyzer, reset for each answer: its arrays are reused, and its methods are
 * not closures allocated per answer (both showed in the benchmark).
 */
export class MentionSentiment implements MutedTokens {
  private input!: MentionSentimentInput;
  private covered: Coverage | null = null;
  private titleCase = true;
  /** Score per sentence, NaN until computed. */
  private scores = new Float64Array(64);
  /** Per sentence: the one entity it names, SEVERAL, or NONE. */
  private owners = new Int32Array(64);
  /** Clause boundaries (token indices) and scores of sentences that name several entities. */
  private clauses = new Map<number, { bounds: number[]; scores: Float64Array }>();

  reset(input: MentionSentimentInput): void {
    this.input = input;
    this.covered = null;
    if (this.clauses.size > 0) this.clauses.clear();
    this.titleCase = input.language !== 'de'; // German capitalises every noun
    const count = input.starts.length;
    if (this.scores.length < count) {
      this.scores = new Float64Array(count * 2);
      this.owners = new Int32Array(count * 2);
    }
    this.scores.fill(Number.NaN, 0, count);
    this.owners.fill(NONE, 0, count);
    if (!SCORED.has(input.language)) return;
    const owners = this.owners;
    for (let entity = 0; entity < input.spans.length; entity++) {
      const list = input.spans[entity]!;
      let index = 0;
      for (let k = 0; k < list.length; k++) {
        index = this.sentenceOf(list[k]![0], index);
        const owner = owners[index]!;
        if (owner === NONE) owners[index] = entity;
        else if (owner !== entity) owners[index] = SEVERAL;
      }
    }
  }

  /** The entity's sentiment in [-1, 1], or null when the answer's language is not scored. */
  of(entity: number): number | null {
    if (!SCORED.has(this.input.language)) return null;
    let sum = 0;
    let n = 0;
    let last = -1;
    let index = 0;
    const list = this.input.spans[entity]!;
    for (let k = 0; k < list.length; k++) {
      const start = list[k]![0];
      index = this.sentenceOf(start, index);
      if (index === last) continue;
      last = index;
      const score =
        this.owners[index] === SEVERAL ? this.clauseScore(index, start) : this.sentenceScore(index);
      // Sentences that merely name the entity again do not dilute a judgement.
      if (Math.abs(score) > 0.05) {
        sum += score;
        n++;
      }
    }
    return n === 0 ? 0 : Math.max(-1, Math.min(1, sum / n));
  }

  /** Names, titles, URLs and link texts carry no sentiment. */
  muted(i: number, from: number, to: number): boolean {
    if (this.isNamed(i)) return true;
    if (!this.titleCase || !this.isCapital(i)) return false;
    const next = this.capitalNeighbour(i, 1, from, to);
    // A sentence's first word is capitalised anyway: it is part of a title only when the next
    // word is too and is not a tracked name ("Great Acme support" is praise).
    if (i === from) return next !== -1 && !this.isNamed(next);
    return next !== -1 || this.capitalNeighbour(i, -1, from, to) !== -1;
  }

  private sentenceOf(offset: number, hint: number): number {
    const starts = this.input.starts;
    let index = hint;
    while (index + 1 < starts.length && starts[index + 1]! <= offset) index++;
    return index;
  }

  private origin(token: number): number {
    const { folded, scan, text } = this.input;
    return originalOffset(folded, scan.starts[token]!, text.length);
  }

  private isNamed(token: number): boolean {
    this.covered ??= coverage(this.input.names);
    const o = this.origin(token);
    return this.covered.overlaps(o, o + 1);
  }

  private isCapital(token: number): boolean {
    const text = this.input.text;
    const at = this.origin(token);
    const c = text.charCodeAt(at);
    if (c < 0x80) return c >= 65 && c <= 90;
    const cp = text.codePointAt(at);
    return cp !== undefined && UPPER.test(String.fromCodePoint(cp));
  }

  /** Only single spaces between token a and the next. */
  private spaceAfter(a: number): boolean {
    const scan = this.input.scan;
    return scan.starts[a + 1]! - scan.ends[a]! === 1 && scan.text.charCodeAt(scan.ends[a]!) === 32;
  }

  /**
   * The nearest capitalised word before (dir -1) or after (dir 1) token i in the same title:
   * joined by single spaces, with at most two lower-case glue words between; -1 if none.
   */
  private capitalNeighbour(i: number, dir: 1 | -1, from: number, to: number): number {
    let j = i;
    for (let glue = 0; glue <= 2; glue++) {
      const gap = dir === 1 ? j : j - 1;
      j += dir;
      if (j < from || j >= to || !this.spaceAfter(gap)) return -1;
      if (this.isCapital(j)) return j;
      if (!TITLE_GLUE.at(this.input.scan, j)) return -1;
    }
    return -1;
  }

  private tokens(sentence: number): [number, number] {
    const scan = this.input.scan;
    return [
      scan.sentenceFirstToken[sentence] ?? scan.count,
      scan.sentenceFirstToken[sentence + 1] ?? scan.count,
    ];
  }

  private sentenceScore(sentence: number): number {
    let score = this.scores[sentence]!;
    if (Number.isNaN(score)) {
      const [from, to] = this.tokens(sentence);
      score = this.score(from, to);
      this.scores[sentence] = score;
    }
    return score;
  }

  private clauseBreakBefore(t: number): boolean {
    const scan = this.input.scan;
    if (CLAUSE_OPENERS.at(scan, t)) return true;
    for (let k = scan.ends[t - 1]!; k < scan.starts[t]!; k++) {
      if (scan.text.charCodeAt(k) === 59) return true;
    }
    return false;
  }

  /**
   * The score of the clause holding the first token at or after an original offset. A sentence's
   * clauses are cut and scored once, whichever entities ask.
   */
  private clauseScore(sentence: number, offset: number): number {
    let clauses = this.clauses.get(sentence);
    const [from, to] = this.tokens(sentence);
    if (!clauses) {
      const bounds = [from];
      for (let t = from + 1; t < to; t++) if (this.clauseBreakBefore(t)) bounds.push(t);
      bounds.push(to);
      clauses = { bounds, scores: new Float64Array(bounds.length - 1).fill(Number.NaN) };
      this.clauses.set(sentence, clauses);
    }
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.origin(mid) < offset) lo = mid + 1;
      else hi = mid;
    }
    const { bounds, scores } = clauses;
    let c = 0;
    while (c + 2 < bounds.length && bounds[c + 1]! <= lo) c++;
    if (Number.isNaN(scores[c]!)) scores[c] = this.score(bounds[c]!, bounds[c + 1]!);
    return scores[c]!;
  }

  private score(from: number, to: number): number {
    const { language, scan } = this.input;
    if (language === 'de' || language === 'fr' || language === 'es') {
      return scoreForeign(language, scan, from, to, this);
    }
    return scoreTokens(scan, from, to, this);
  }
}
