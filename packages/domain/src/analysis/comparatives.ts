import type { Language } from './language';
import type { TextScan } from './scan-text';
import { WordTable } from './word-table';

/**
 * Comparatives (docs/analysis.md, "Comparisons give each brand its own side"), per scored
 * language, folded: "costs less", "does far more", "fewer integrations than", and the brand a
 * comparison is made against ("than Globex", "als Globex", "que Globex", "di Globex").
 */
export type Comparatives = {
  /** +1 for "more", -1 for "less"/"fewer". */
  amount: WordTable<number>;
  /** Words of price: "costs less" is praise, "costs more" a complaint. */
  cost: WordTable<boolean>;
  /** "far more", "viel mehr", "beaucoup plus": a comparison, not a quantity. */
  intensifier: WordTable<boolean>;
  than: WordTable<boolean>;
  /** Comparative adjectives and adverbs that are not "-er" words: "better", "meilleur", "più". */
  marker: WordTable<boolean>;
  /** Whether a word ending in "-er" is a comparative ("cheaper", "billiger", "goedkoper"). */
  erSuffix: boolean;
  /** "-er" words that are no comparatives: "other", "never", "oder". */
  notComparative: WordTable<boolean>;
  /** Articles that may stand between "than" and the brand: "que o Globex", "rispetto ad". */
  article: WordTable<boolean>;
};

const table = <T>(words: string, value: T) =>
  new WordTable<T>(words.split(' ').map((w) => [w, value] as const));

function comparatives(c: {
  more: string;
  less: string;
  cost: string;
  intensifier: string;
  than: string;
  marker: string;
  erSuffix?: boolean;
  notComparative?: string;
  article: string;
}): Comparatives {
  const amount = table(c.more, 1);
  for (const w of c.less.split(' ')) amount.set(w, -1);
  return {
    amount,
    cost: table(c.cost, true),
    intensifier: table(c.intensifier, true),
    than: table(c.than, true),
    marker: table(c.marker, true),
    erSuffix: c.erSuffix === true,
    notComparative: table(c.notComparative ?? '', true),
    article: table(c.article, true),
  };
}

export const COMPARATIVES: Partial<Record<Language, Comparatives>> = {
  en: comparatives({
    more: 'more',
    less: 'less fewer',
    cost: 'cost costs costing price priced pay paying charges',
    intensifier: 'far much way lot significantly considerably even',
    than: 'than',
    marker: 'more less fewer better worse',
    erSuffix: true,
    notComparative:
      'other rather never ever over under after user users whether either neither however together',
    article: 'the',
  }),
  de: comparatives({
    more: 'mehr',
    less: 'weniger',
    cost: 'kostet kosten preis zahlt zahlen',
    intensifier: 'viel deutlich weit noch',
    than: 'als',
    marker: 'mehr weniger besser schlechter',
    erSuffix: true,
    notComparative: 'aber oder der er wer uber immer wieder hier jeder einer seiner ihrer unser',
    article: 'der die das den dem',
  }),
  fr: comparatives({
    more: 'plus',
    less: 'moins',
    cost: 'coute coutent prix paie payer facture',
    intensifier: 'beaucoup bien nettement encore',
    than: 'que qu',
    marker: 'plus moins meilleur meilleure meilleurs meilleures mieux pire pires',
    article: 'le la l les',
  }),
  es: comparatives({
    more: 'mas',
    less: 'menos',
    cost: 'cuesta cuestan precio paga pagar cobra',
    intensifier: 'mucho bastante aun',
    than: 'que',
    marker: 'mas menos mejor mejores peor peores',
    article: 'el la los las',
  }),
  it: comparatives({
    more: 'piu',
    less: 'meno',
    cost: 'costa costano prezzo paga pagare',
    intensifier: 'molto ben decisamente ancora di',
    than: 'di del della dello rispetto',
    marker: 'piu meno migliore migliori meglio peggiore peggio',
    article: 'a ad al alla il la lo l',
  }),
  pt: comparatives({
    more: 'mais',
    less: 'menos',
    cost: 'custa custam preco paga pagar cobra',
    intensifier: 'muito bem bastante ainda',
    // "do que": the "do" alone is "of the" ("o melhor plano do Globex").
    than: 'que',
    marker: 'mais menos melhor melhores pior piores',
    article: 'o a os as',
  }),
  nl: comparatives({
    more: 'meer',
    less: 'minder',
    cost: 'kost kosten prijs betaalt betalen',
    intensifier: 'veel stuk nog flink',
    than: 'dan',
    marker: 'meer minder beter slechter',
    erSuffix: true,
    notComparative: 'er over onder ieder weer zeer hier daar waar voor door maar per der',
    article: 'de het',
  }),
};

/**
 * The valence (AFINN scale) of an amount word at token i standing for itself, or 0: "costs less"
 * +2, "does far more" +2, "fewer integrations than" -2. Before a judgement word ("less
 * reliable", "more expensive") it is 0: see `negatesNext`. "more than 100" and "learn more" are
 * quantities, not comparisons.
 */
export function amountValence(
  c: Comparatives,
  scan: TextScan,
  i: number,
  from: number,
  to: number,
): number {
  const amount = c.amount.at(scan, i);
  if (amount === undefined) return 0;
  let cost = false;
  for (let k = i - 1; k >= from && k >= i - 2; k--) if (c.cost.at(scan, k)) cost = true;
  if (!cost && !inComparison(c, scan, i, from, to)) return 0;
  return 2 * amount * (cost ? -1 : 1);
}

/**
 * Whether the word at token i compares: "far"/"much" (or kin) up to two words before it, or
 * "than" (or kin) up to three words after it and not before a number ("more than 100").
 */
export function inComparison(
  c: Comparatives,
  scan: TextScan,
  i: number,
  from: number,
  to: number,
): boolean {
  for (let k = i - 1; k >= from && k >= i - 2; k--) if (c.intensifier.at(scan, k)) return true;
  for (let k = i + 1; k < to && k <= i + 3; k++) {
    if (c.than.at(scan, k)) {
      const next = scan.text.charCodeAt(scan.starts[k + 1] ?? scan.text.length);
      return k + 1 < to && !(next >= 48 && next <= 57);
    }
  }
  return false;
}

/** Whether token i is a comparative word: "better", "cheaper", "billiger", "più", "meilleur". */
export function isComparative(c: Comparatives, scan: TextScan, i: number): boolean {
  if (c.marker.at(scan, i)) return true;
  if (!c.erSuffix) return false;
  const start = scan.starts[i]!;
  const end = scan.ends[i]!;
  return (
    end - start > 4 &&
    scan.text.charCodeAt(end - 1) === 114 &&
    scan.text.charCodeAt(end - 2) === 101 &&
    !c.notComparative.at(scan, i)
  );
}

/**
 * Whether the mention starting at token t is what its clause [from, t) compares against: "than"
 * (or its kin) right before it, an article allowed between, and a comparative before that.
 */
export function isComparedAgainst(
  c: Comparatives,
  scan: TextScan,
  from: number,
  t: number,
): boolean {
  let k = t - 1;
  if (k > from && c.article.at(scan, k) && c.than.at(scan, k - 1)) k--;
  else if (k >= from && c.article.at(scan, k) && !c.than.at(scan, k)) return false;
  if (k < from || !c.than.at(scan, k)) return false;
  for (let j = k - 1; j >= from && j >= k - 5; j--) {
    // After an article it is a superlative: "il più grande vantaggio di Globex" is Globex's.
    if (isComparative(c, scan, j)) return !(j > from && c.article.at(scan, j - 1));
  }
  return false;
}
