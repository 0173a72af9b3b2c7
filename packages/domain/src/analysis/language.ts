import type { TextScan } from './scan-text';
import { WordTable } from './word-table';

/** Languages Lumen tells apart; only some are scored for sentiment (docs/analysis.md). */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'ja' | 'other';

// Frequent function words, folded (no accents). Words shared by several languages count for each.
const FUNCTION_WORDS: [Language, string][] = [
  ['en', 'the and is are of to for with it this that you your its on be has have was than which'],
  // Short English answers often have only these: "Acme isn't cheap", "In our tests Acme never…".
  ['en', 'not very but from by or our we they their can would should been isn doesn don aren'],
  ['en', 'wasn didn what how why who when most more just only about into'],
  ['de', 'der die das und ist sind nicht mit fur auf ein eine einen dem zu sie auch oder wenn bei'],
  ['de', 'sehr aber wird werden uber noch nur ihre ihr'],
  ['fr', 'le les et est sont des du une pour avec pas dans ce qui sur au aux vous mais tres plus'],
  ['fr', 'leur cette ces sont'],
  ['es', 'el los las y es son del una para con por muy pero lo se su sus como mas esta este'],
  ['es', 'tambien porque puede'],
  ['it', 'il della di che sono gli nel questo anche piu molto per non ma delle degli alla'],
  ['pt', 'os da do nao sao em uma com mais muito para mas seu sua voce tambem isso'],
  ['pt', 'o ao um na pelo pela'],
  // "de" is among the commonest words of Portuguese, Spanish and French, not only of Dutch: a
  // Portuguese answer full of "opções de software de CRM" read as Dutch without these.
  ['pt', 'de das dos ou'],
  ['es', 'de'],
  ['fr', 'de'],
  ['nl', 'het een van niet zijn voor met ook maar dat deze wordt bij naar heeft'],
  ['nl', 'de en te op aan om als'],
];
const LANGS = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'] as const;

const BITS = new Map<string, number>();
for (const [lang, words] of FUNCTION_WORDS) {
  const bit = 1 << LANGS.indexOf(lang as (typeof LANGS)[number]);
  for (const w of words.split(' ')) BITS.set(w, (BITS.get(w) ?? 0) | bit);
}
const TABLE = new WordTable(BITS);

/** Tokens looked at: the opening of an answer tells its language. */
const SAMPLE = 400;

/** One language has at least 12 hits and three times any other's. */
function decided(counts: Int32Array): boolean {
  let first = 0;
  let second = 0;
  for (const c of counts) {
    if (c > first) {
      second = first;
      first = c;
    } else if (c > second) second = c;
  }
  return first >= 12 && first >= 3 * second;
}

/** What callers may pass as a hint: a language code ("en", "de-AT") or null. */
export type LanguageHint = string | null | undefined;

/**
 * The answer's language from its function words (and Japanese from kana). When the words do
 * not decide (no function word at all, or a tie), the hint decides: the brand's language, or
 * the language the prompts were asked in. Without a hint an undecided answer is "other", so it
 * is not scored rather than read with the English lexicon (docs/analysis.md, "Languages").
 */
export function detectLanguage(scan: TextScan, hint?: LanguageHint): Language {
  const counts = new Int32Array(LANGS.length);
  const n = Math.min(scan.count, SAMPLE);
  let kana = 0;
  let cjk = 0;
  for (let i = 0; i < n; i++) {
    const start = scan.starts[i]!;
    const c = scan.text.charCodeAt(start);
    if (c >= 0x3040 && c <= 0x30ff) kana++;
    else if (c >= 0x3400 && c <= 0x9fff) cjk++;
    // Parts of hosts and paths ("example.com", "/de/") are not words of the answer's language.
    const before = start > 0 ? scan.text.charCodeAt(start - 1) : 32;
    if (before === 46 || before === 47) continue;
    const bits = TABLE.at(scan, i);
    if (bits === undefined) continue;
    for (let b = 0; b < LANGS.length; b++) if (bits & (1 << b)) counts[b]!++;
    // A clear lead settles it: most answers need a few dozen tokens, not the whole sample.
    if (i >= 60 && kana + cjk === 0 && decided(counts)) break;
  }
  if (kana + cjk > n / 4) return kana > 0 ? 'ja' : 'other';
  let best = 0;
  let tie = false;
  for (let b = 1; b < LANGS.length; b++) {
    if (counts[b]! > counts[best]!) {
      best = b;
      tie = false;
    } else if (counts[b] === counts[best]) tie = true;
  }
  if (counts[best] === 0 || tie) return fromHint(hint);
  return LANGS[best]!;
}

const HINTS: ReadonlySet<string> = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'ja']);

/** "de-AT" → "de"; a language Lumen does not tell apart, or none, → "other" (not scored). */
export function fromHint(hint: LanguageHint): Language {
  const code = hint?.trim().slice(0, 2).toLowerCase() ?? '';
  return HINTS.has(code) ? (code as Language) : 'other';
}
