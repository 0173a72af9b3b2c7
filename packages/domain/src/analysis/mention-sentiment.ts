import type { Span } from '../entities/types';
import { COMPARATIVES, isComparedAgainst } from './comparatives';
import { type ForeignLanguage, scoreForeign } from './foreign-sentiment';
import { headingScopes, NONE, SEVERAL } from './heading-scope';
import type { Language } from './language';
import { type TextScan, tokenIs } from './scan-text';
import { type MutedTokens, scoreTokens } from './sentiment';
import { type Coverage, coverage } from './span-coverage';
import { type FoldedText, originalOffset } from './text-normalize';
import { VERDICT_WORDS } from './verdict-words';
import { WordTable } from './word-table';

/** Languages with a lexicon; others are "not scored" (null), never guessed. */
const SCORED: ReadonlySet<Language> = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl']);

// Lower-case words that may sit inside a title: "Tears of the Kingdom", "Lord of the Rings".
const TITLE_GLUE = new WordTable(
  'of the a an and for to in on at de la le les el y et du des del los las da di'
    .split(' ')
    .map((w) => [w, true] as const),
);

// Words that open a contrasting clause, per scored language: Portuguese "mais" is "more" and
// Spanish "mas" (más) too, so one table for all would cut "faz muito mais" at "mais".
const CLAUSE_OPENERS: Partial<Record<Language, WordTable<boolean>>> = {};
for (const [language, words] of Object.entries({
  en: 'but however although though yet whereas',
  de: 'aber jedoch allerdings obwohl',
  fr: 'mais cependant pourtant toutefois',
  es: 'pero aunque sino embargo',
  it: 'ma pero tuttavia eppure sebbene',
  pt: 'mas porem contudo todavia embora',
  nl: 'maar echter hoewel',
})) {
  CLAUSE_OPENERS[language as Language] = new WordTable(
    words.split(' ').map((w) => [w, true] as const),
  );
}

// A first-person verdict ("I wouldn't choose it", "we recommend it") outweighs feature praise.
const VERDICT_WEIGHT = 4;
// Values of MentionSentiment.verdicts.
const UNKNOWN = 0;
const NO = 1;
const YES = 2;

const UPPER = /^\p{Lu}$/u;

// Labels of pros-and-cons lists: "Cons:" says where a line stands, its own words judge.
const LABELS = new WordTable(
  'pros cons pro con advantages disadvantages drawbacks downsides strengths weaknesses vorteile nachteile starken schwachen avantages inconvenients forces faiblesses ventajas desventajas contras contro vantaggi svantaggi vantagens desvantagens voordelen nadelen'
    .split(' ')
    .map((w) => [w, true] as const),
);
const LABEL_GLUE = new WordTable('and und et y e en the'.split(' ').map((w) => [w, true] as const));

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
  /** Per sentence: the one entity its heading, parent list item or line names, or NONE. */
  private scopes = new Int32Array(64);
  /** Per sentence: whether it is a first-person verdict, once asked (UNKNOWN until then). */
  private verdicts = new Int8Array(64);
  private scopeStack = { indents: [] as number[], owners: [] as number[] };
  /** Clause boundaries (token indices) and scores of sentences that name several entities. */
  private clauses = new Map<number, { bounds: number[]; scores: Float64Array }>();

  /** Sentences at the top that are questions: the question restated, not an opinion. */
  private leadingQuestions = 0;

  reset(input: MentionSentimentInput): void {
    this.input = input;
    this.scoped = false;
    this.leadingQuestions = leadingQuestions(input.scan);
    this.covered = null;
    if (this.clauses.size > 0) this.clauses.clear();
    this.titleCase = input.language !== 'de'; // German capitalises every noun
    const count = input.starts.length;
    if (this.scores.length < count) {
      this.scores = new Float64Array(count * 2);
      this.owners = new Int32Array(count * 2);
      this.scopes = new Int32Array(count * 2);
      this.verdicts = new Int8Array(count * 2);
    }
    this.verdicts.fill(UNKNOWN, 0, count);
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
    headingScopes(input.scan, owners, count, this.scopes, this.scopeStack);
    this.scoped = false;
    for (let k = 0; k < count && !this.scoped; k++) {
      this.scoped = this.scopes[k]! >= 0 && owners[k] === NONE;
    }
  }

  /** Whether any sentence is about an entity only by its heading or parent item. */
  private scoped = false;

  /** The entity's sentiment in [-1, 1], or null when the answer's language is not scored. */
  of(entity: number): number | null {
    if (!SCORED.has(this.input.language)) return null;
    this.sum = 0;
    this.weights = 0;
    let last = -1;
    let lastClause = -1;
    let index = 0;
    const list = this.input.spans[entity]!;
    for (let k = 0; k < list.length; k++) {
      const start = list[k]![0];
      index = this.sentenceOf(start, index);
      const owned = this.owners[index] === entity;
      if (!owned) {
        // A sentence naming several entities: each gets the clauses it is in, once each, and
        // its own side of a comparison (docs/analysis.md, "Comparisons").
        const t = this.tokenAt(index, start);
        const c = this.clauseOfToken(index, t);
        if (index === last && c === lastClause) continue;
        this.addClause(index, c, t, index === last);
        last = index;
        lastClause = c;
        continue;
      }
      if (index === last) continue;
      last = index;
      this.addSentence(index);
      // "Acme has great reports. I wouldn't choose it.": the verdict refers back.
      const next = index + 1;
      const nextScoped = this.scopes[next] === entity;
      if (owned && next < this.input.starts.length && this.owners[next] === NONE && !nextScoped) {
        const words = VERDICT_WORDS[this.input.language];
        if (words && this.sentenceVerdict(next) && this.has(next, words.refersBack))
          this.addSentence(next);
      }
    }
    // Lines under a heading or list item naming the entity, that name no entity themselves.
    const count = this.scoped ? this.input.starts.length : 0;
    for (let k = 0; k < count; k++) {
      if (this.scopes[k] === entity && this.owners[k] === NONE) this.addSentence(k);
    }
    return this.weights === 0 ? 0 : Math.max(-1, Math.min(1, this.sum / this.weights));
  }

  /** Running weighted sum of the judgements about the entity `of` is reading. */
  private sum = 0;
  private weights = 0;

  private add(score: number, weight: number): void {
    // Sentences that merely name the entity again do not dilute a judgement.
    if (Math.abs(score) <= 0.05) return;
    this.sum += score * weight;
    this.weights += weight;
  }

  /**
   * A sentence about the entity. A first-person verdict weighs VERDICT_WEIGHT times feature
   * praise, also inside one sentence: "Acme has great features, but I wouldn't choose it" is
   * its clauses, the verdict's weighing four times the praise's.
   */
  private addSentence(sentence: number): void {
    const score = this.sentenceScore(sentence);
    // No judgement word at all (most sentences): no verdict to weigh either.
    if (score === 0) return;
    if (!this.sentenceVerdict(sentence)) {
      this.add(score, 1);
      return;
    }
    const clauses = this.clausesOf(sentence);
    if (clauses.bounds.length <= 2) {
      this.add(this.sentenceScore(sentence), VERDICT_WEIGHT);
      return;
    }
    for (let c = 0; c + 1 < clauses.bounds.length; c++) this.addClause(sentence, c);
  }

  /**
   * Clause c of a sentence, for the entity mentioned at token `mention` (-1: the sentence's own
   * entity). What a comparison is made against gets its other side: in "Acme costs less than
   * Globex" the clause praises Acme and, inverted, speaks against Globex. A clause opened by a
   * contrast word weighs three times the entity's clause before it (`afterEarlier`).
   */
  private addClause(sentence: number, c: number, mention = -1, afterEarlier = false): void {
    if (sentence < this.leadingQuestions) return;
    const { bounds } = this.clausesOf(sentence);
    const [from, to] = this.tokens(sentence);
    const verdict = this.isVerdict(bounds[c]!, bounds[c + 1]!, from, to);
    let score = this.clauseScore(sentence, c);
    if (score === 0) return;
    const compare = COMPARATIVES[this.input.language];
    if (
      mention !== -1 &&
      compare &&
      isComparedAgainst(compare, this.input.scan, bounds[c]!, mention)
    )
      score = -score;
    const openers = CLAUSE_OPENERS[this.input.language];
    const contrast = afterEarlier && openers?.at(this.input.scan, bounds[c]!) === true;
    this.add(score, (verdict ? VERDICT_WEIGHT : 1) * (contrast ? 3 : 1));
  }

  /** Names, titles, URLs and link texts carry no sentiment. */
  muted(i: number, from: number, to: number): boolean {
    if (this.isNamed(i)) return true;
    if (this.isLabel(i, to)) return true;
    if (!this.titleCase || !this.isCapital(i)) return false;
    const next = this.capitalNeighbour(i, 1, from, to);
    // A sentence's first word is capitalised anyway: it is part of a title only when the next
    // word is too and is not a tracked name ("Great Acme support" is praise).
    if (i === from) return next !== -1 && !this.isNamed(next);
    return next !== -1 || this.capitalNeighbour(i, -1, from, to) !== -1;
  }

  /** "Cons:", "### Pros and cons", "**Nachteile**": a label, not a judgement. */
  private isLabel(i: number, to: number): boolean {
    const scan = this.input.scan;
    if (!LABELS.at(scan, i)) return false;
    const text = scan.text;
    let k = scan.ends[i]!;
    while (
      k < text.length &&
      (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 42 || text.charCodeAt(k) === 95)
    )
      k++;
    const c = text.charCodeAt(k);
    if (Number.isNaN(c) || c === 58 || c === 10 || c === 13 || c === 41) return true;
    if (i + 1 < to && LABELS.at(scan, i + 1)) return true; // "Pros & cons", "pros/cons"
    return i + 2 < to && LABEL_GLUE.at(scan, i + 1) === true && LABELS.at(scan, i + 2) === true;
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

  private has(sentence: number, table: WordTable<boolean>): boolean {
    const [from, to] = this.tokens(sentence);
    for (let t = from; t < to; t++) if (table.at(this.input.scan, t)) return true;
    return false;
  }

  /** isVerdict over a whole sentence, remembered: several entities may ask about one sentence. */
  private sentenceVerdict(sentence: number): boolean {
    let known = this.verdicts[sentence]!;
    if (known === UNKNOWN) {
      const [from, to] = this.tokens(sentence);
      known = this.isVerdict(from, to) ? YES : NO;
      this.verdicts[sentence] = known;
    }
    return known === YES;
  }

  /**
   * Whether tokens [from, to) hold a first-person verdict: "I wouldn't choose it", "Ich würde es
   * nicht wählen", "No lo elegiría" (verdict-words.ts). The pronoun may stand in another clause
   * of the same sentence, [sentenceFrom, sentenceTo): "Ich würde es aber nicht wählen".
   */
  private isVerdict(from: number, to: number, sentenceFrom = from, sentenceTo = to): boolean {
    const words = VERDICT_WORDS[this.input.language];
    if (!words) return false;
    const scan = this.input.scan;
    let verb = false;
    for (let t = from; t < to; t++) {
      const self = words.verbs.at(scan, t);
      if (self === true) return true;
      if (self === false) verb = true;
    }
    if (!verb) return false;
    for (let t = sentenceFrom; t < sentenceTo; t++) if (words.firstPerson.at(scan, t)) return true;
    return false;
  }

  private sentenceScore(sentence: number): number {
    if (sentence < this.leadingQuestions) return 0;
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
    if (CLAUSE_OPENERS[this.input.language]?.at(scan, t)) return true;
    for (let k = scan.ends[t - 1]!; k < scan.starts[t]!; k++) {
      if (scan.text.charCodeAt(k) === 59) return true;
    }
    return false;
  }

  /** A sentence's clauses, cut once whichever entities ask: bounds are token indices. */
  private clausesOf(sentence: number): { bounds: number[]; scores: Float64Array } {
    let clauses = this.clauses.get(sentence);
    if (!clauses) {
      const [from, to] = this.tokens(sentence);
      const bounds = [from];
      for (let t = from + 1; t < to; t++) if (this.clauseBreakBefore(t)) bounds.push(t);
      bounds.push(to);
      clauses = { bounds, scores: new Float64Array(bounds.length - 1).fill(Number.NaN) };
      this.clauses.set(sentence, clauses);
    }
    return clauses;
  }

  /** The first token of a sentence at or after an original offset. */
  private tokenAt(sentence: number, offset: number): number {
    const [from, to] = this.tokens(sentence);
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.origin(mid) < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The clause of a sentence that holds token t. */
  private clauseOfToken(sentence: number, t: number): number {
    const { bounds } = this.clausesOf(sentence);
    let c = 0;
    while (c + 2 < bounds.length && bounds[c + 1]! <= t) c++;
    return c;
  }

  private clauseScore(sentence: number, c: number): number {
    const { bounds, scores } = this.clausesOf(sentence);
    if (Number.isNaN(scores[c]!)) scores[c] = this.score(bounds[c]!, bounds[c + 1]!);
    return scores[c]!;
  }

  private score(from: number, to: number): number {
    const { language, scan } = this.input;
    if (language === 'en') return scoreTokens(scan, from, to, this);
    return scoreForeign(language as ForeignLanguage, scan, from, to, this);
  }
}

// "Great question!", "Gute Frage.": a courtesy before the answer, about the question.
const QUESTION_WORDS = new WordTable(
  'question questions frage pregunta domanda pergunta vraag'
    .split(' ')
    .map((w) => [w, true] as const),
);
// "You asked whether Acme is the best CRM.": the question in other words, not the answer's view.
const RESTATEMENTS: string[][] = [
  'you asked',
  'you re asking',
  'you are asking',
  'you want to know',
  'you d like to know',
  'you would like to know',
  'du fragst',
  'sie fragen',
  'sie mochten wissen',
  'du mochtest wissen',
  'vous demandez',
  'tu demandes',
  'vous voulez savoir',
  'tu veux savoir',
  'preguntas si',
  'pregunta si',
  'quieres saber',
  'chiedi se',
  'mi chiedi',
  'vuoi sapere',
  'voce pergunta',
  'voce quer saber',
  'je vraagt',
  'u vraagt',
  'je wilt weten',
  'u wilt weten',
].map((p) => p.split(' '));
const RESTATEMENT_FIRST = new WordTable(RESTATEMENTS.map((p) => [p[0]!, true] as const));

/**
 * How many sentences at the top of the answer restate the question (docs/analysis.md, "Reading
 * the verdict"): questions (ending in "?"), a short courtesy naming the question ("Great
 * question!") and a sentence opening with "You asked …" and its kin in the scored languages.
 */
function leadingQuestions(scan: TextScan): number {
  const starts = scan.sentenceStarts;
  const text = scan.text;
  let k = 0;
  for (; k < starts.length; k++) {
    let end = (k + 1 < starts.length ? starts[k + 1]! : text.length) - 1;
    while (end >= starts[k]! && /[\s*_#)"'\]]/.test(text[end]!)) end--;
    if (end < starts[k]!) continue; // an empty line
    if (text.charCodeAt(end) === 63) continue;
    if (!restatesQuestion(scan, k)) break;
  }
  return k;
}

function restatesQuestion(scan: TextScan, sentence: number): boolean {
  const from = scan.sentenceFirstToken[sentence]!;
  const to = scan.sentenceFirstToken[sentence + 1] ?? scan.count;
  if (to - from <= 4) {
    for (let t = from; t < to; t++) if (QUESTION_WORDS.at(scan, t)) return true;
  }
  if (from >= to || !RESTATEMENT_FIRST.at(scan, from)) return false;
  return RESTATEMENTS.some(
    (words) => from + words.length <= to && words.every((w, k) => tokenIs(scan, from + k, w)),
  );
}
