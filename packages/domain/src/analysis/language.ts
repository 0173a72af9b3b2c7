import type { TextScan } from './scan-text';
import { WordTable } from './word-table';

/** Languages Lumen tells apart; only some are scored for sentiment (docs/analysis.md). */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'ja' | 'other';

// Frequent function words, folded (no accents). Words shared by several languages count for each.
const FUNCTION_WORDS: [Language | 'it' | 'pt' | 'nl', string][] = [
  ['en', 'the and is are of to for with it this that you your its on be has have was than which'],
  ['de', 'der die das und ist sind nicht mit fur auf ein eine einen dem zu sie auch oder wenn bei'],
  ['de', 'sehr aber wird werden uber noch nur ihre ihr'],
  ['fr', 'le les et est sont des du une pour avec pas dans ce qui sur au aux vous mais tres plus'],
  ['fr', 'leur cette ces sont'],
  ['es', 'el los las y es son del una para con por muy pero lo se su sus como mas esta este'],
  ['es', 'tambien porque puede'],
  ['it', 'il della di che sono gli nel questo anche piu molto per non ma delle degli alla'],
  ['pt', 'os da do nao sao em uma com mais muito para mas seu sua voce tambem isso'],
  ['nl', 'het een van niet zijn voor met ook maar dat deze wordt bij naar heeft'],
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

/**
 * The answer's language from its function words (and Japanese from kana). Latin-script text
 * without any known function word is taken as English: short English answers have none.
 */
export function detectLanguage(scan: TextScan): Language {
  const counts = new Int32Array(LANGS.length);
  const n = Math.min(scan.count, SAMPLE);
  let kana = 0;
  let cjk = 0;
  for (let i = 0; i < n; i++) {
    const c = scan.text.charCodeAt(scan.starts[i]!);
    if (c >= 0x3040 && c <= 0x30ff) kana++;
    else if (c >= 0x3400 && c <= 0x9fff) cjk++;
    const bits = TABLE.at(scan, i);
    if (bits === undefined) continue;
    for (let b = 0; b < LANGS.length; b++) if (bits & (1 << b)) counts[b]!++;
    // A clear lead settles it: most answers need a few dozen tokens, not the whole sample.
    if (i >= 60 && kana + cjk === 0 && decided(counts)) break;
  }
  if (kana + cjk > n / 4) return kana > 0 ? 'ja' : 'other';
  let best = 0;
  for (let b = 1; b < LANGS.length; b++) if (counts[b]! > counts[best]!) best = b;
  if (counts[best] === 0) return 'en';
  const lang = LANGS[best]!;
  return lang === 'it' || lang === 'pt' || lang === 'nl' ? 'other' : lang;
}
