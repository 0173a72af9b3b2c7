/// <reference path="./nlpjs-shims.d.ts" />
import langDe from '@nlpjs/lang-de';
import langEs from '@nlpjs/lang-es';
import langFr from '@nlpjs/lang-fr';
import langIt from '@nlpjs/lang-it';
import langNl from '@nlpjs/lang-nl';
import langPt from '@nlpjs/lang-pt';
import { amountValence, COMPARATIVES, type Comparatives } from './comparatives';
import { type TextScan, tokenIs } from './scan-text';
import type { MutedTokens } from './sentiment';
import { foldString } from './text-normalize';

/**
 * Sentence sentiment for German, French, Spanish, Italian, Portuguese and Dutch with the lexicons
 * the maintained @nlpjs language packages ship (SentiCon for German, Pattern for French, Italian
 * and Dutch, AFINN then SentiCon for Spanish, AFINN for Portuguese). Their entries are word stems, so tokens go through the packages' Snowball stemmers.
 * The rules are the English scorer's (sentiment.ts): a negation reaches three words within its
 * clause, the clause after a contrast word weighs three times the one before.
 */
export type ForeignLanguage = 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl';

type Lexicon = {
  stem: (word: string) => string;
  /** Whole folded words read before the stems: product-review words the lexicon lacks. */
  words: Map<string, number>;
  values: Map<string, number>;
  negators: ReadonlySet<string>;
  contrast: ReadonlySet<string>;
  /**
   * Idioms and litotes by their first folded word, longest first: [the words after it, valence].
   * A phrase starting with a negator ("nichts, was ich lieber …") is not negated again.
   */
  phrases: Map<string, [string[], number][]>;
  /** Valences already looked up, by folded word (NaN: none). */
  cache: Map<string, number>;
};

// SentiCon and Pattern score in [-1, 1]; AFINN, like the English scorer, in [-5, 5].
const SCALE = 5;
const NEGATION_SCALAR = -0.74;
const MAX_CACHE = 50_000;

// Size is not a judgement in answers about products ("grandes empresas", "große Teams").
const NEUTRAL_STEMS = ['grand', 'grande', 'gross', 'klein', 'petit', 'pequen', 'piccol', 'groot'];

/**
 * Product-review words on AFINN's -5..5 scale where a package's lexicon has none or reads them
 * for another domain (docs/analysis.md, "Languages"): "support" is a team, not praise; a price
 * word is a complaint.
 */
const SHARED_WORDS: Record<string, number> = { support: 0 };

/**
 * Function words some lexicons score ("con" −, "que" −, "es" − in Spanish, "para" − in
 * Portuguese, read as other words' stems): they carry no judgement, so "Acme es un CRM para
 * equipos" is neutral. Nouns of the trade ("équipes", "equipos", "informes", "integrazioni") are
 * not judgements either.
 */
/**
 * Verdict verbs (verdict-words.ts) as judgements, so a negation flips them: "Ich würde es nicht
 * wählen" is a complaint, "Recomiendo Acme" praise. English reads "choose" the same way.
 */
const VERDICT_VALENCES: Record<ForeignLanguage, string> = {
  de: 'wahlen wahle empfehlen empfehle',
  fr: 'choisir choisirais choisirions choisis choisissons recommande recommanderais recommandons recommander',
  es: 'elegir elegiria elegiriamos elijo recomiendo recomendaria recomendariamos recomendar escogeria escojo',
  it: 'scegliere sceglierei sceglieremmo scelgo consiglierei consigliamo consigliare raccomando raccomanderei',
  pt: 'escolher escolheria escolheriamos escolho recomendo recomendaria recomendamos recomendar',
  nl: 'kiezen kies aanraden aanbevelen',
};
const AVOID_VALENCES: Record<ForeignLanguage, string> = {
  de: 'meiden meide vermeiden vermeide',
  fr: 'eviterais eviter',
  es: 'evitaria evitar',
  it: 'eviterei evitare',
  pt: 'evitaria evitar',
  nl: 'vermijden vermijd',
};

const FUNCTION_WORDS: Partial<Record<ForeignLanguage, string>> = {
  fr: 'sur tres plus equipe equipes',
  es: 'es son para con porque puede un que equipo equipos informe informes',
  it: 'sono integrazione integrazioni',
  pt: 'para',
  nl: 'het',
};

function lexicon(
  stemmer: { stemWord(word: string): string },
  sources: (Record<string, number> | undefined)[],
  scales: number[],
  negators: string[],
  contrast: string,
  words: Record<string, number> = {},
  phrases: Record<string, number> = {},
  functionWords = '',
  verdict: [praise: string, avoid: string] = ['', ''],
): Lexicon {
  const byFirst = new Map<string, [string[], number][]>();
  for (const [phrase, valence] of Object.entries(phrases)) {
    const [first = '', ...rest] = phrase.split(' ');
    const list = byFirst.get(first) ?? [];
    list.push([rest, valence]);
    list.sort((a, b) => b[0].length - a[0].length);
    byFirst.set(first, list);
  }
  const values = new Map<string, number>(NEUTRAL_STEMS.map((stem) => [stem, 0]));
  sources.forEach((source, i) => {
    for (const [stem, v] of Object.entries(source ?? {})) {
      if (!values.has(stem)) values.set(stem, v * scales[i]!);
    }
  });
  return {
    stem: (word) => stemmer.stemWord(word),
    words: new Map([
      ...Object.entries(SHARED_WORDS),
      ...functionWords.split(' ').map((w) => [w, 0] as const),
      ...verdict[0].split(' ').map((w) => [w, 2] as const),
      ...verdict[1].split(' ').map((w) => [w, -2] as const),
      ...Object.entries(words),
    ]),
    values,
    // The text is folded (no accents): "não" is read as "nao".
    negators: new Set(negators.map((w) => foldString(w))),
    contrast: new Set(contrast.split(' ')),
    phrases: byFirst,
    cache: new Map(),
  };
}

const builders: Record<ForeignLanguage, () => Lexicon> = {
  de: () =>
    lexicon(
      new langDe.StemmerDe(),
      [langDe.SentimentDe.senticon],
      [SCALE],
      [...langDe.SentimentDe.negations.words, 'nie', 'niemals', 'ohne', 'kaum', 'nichts'],
      'aber jedoch allerdings doch obwohl',
      {
        enttauschend: -2,
        enttauscht: -2,
        extrameile: 3,
        verfehlt: -2,
        meckern: -2,
        // Comparatives the lexicon lacks (docs/analysis.md, "Comparisons").
        besser: 2,
        schlechter: -2,
        billiger: 1,
        gunstiger: 1,
        teurer: -2,
      },
      {
        'im stich': -2,
        'lasst zu wunschen ubrig': -2,
        'lasst keine wunsche offen': 3,
        'nichts was ich lieber': 3,
        'nichts besseres': 3,
        'extra meile': 3,
        'ubertrifft die erwartungen': 2,
      },
      undefined,
      [VERDICT_VALENCES.de, AVOID_VALENCES.de],
    ),
  fr: () =>
    lexicon(
      new langFr.StemmerFr(),
      [langFr.SentimentFr.pattern],
      [SCALE],
      // The package lists no French negations: "ne … pas" and its kin, by their second word.
      // "ne" (and "n'") stands before the verb: "ne déçoit jamais", "n'est pas mauvais".
      [
        ...langFr.SentimentFr.negations.words,
        'ne',
        'n',
        'pas',
        'jamais',
        'aucun',
        'aucune',
        'sans',
        'guere',
        'rien',
      ],
      'mais cependant pourtant toutefois',
      {
        decoit: -2,
        decevant: -2,
        decevante: -2,
        decu: -2,
        decue: -2,
        // Of a product, "cher" is its price ("dear" in the lexicon), "lent" its speed.
        cher: -2,
        chere: -2,
        chers: -2,
        lent: -2,
        lente: -2,
      },
      {
        'laisse tomber': -2,
        'laisses tomber': -2,
        'rien que je prefere': 3,
        'rien de mieux': 3,
        'rate la cible': -2,
        'a cote de la plaque': -2,
        'laisse a desirer': -2,
        'depasse les attentes': 2,
      },
      FUNCTION_WORDS.fr,
      [VERDICT_VALENCES.fr, AVOID_VALENCES.fr],
    ),
  es: () =>
    lexicon(
      new langEs.StemmerEs(),
      [langEs.SentimentEs.afinn, langEs.SentimentEs.senticon],
      [1, SCALE],
      [...langEs.SentimentEs.negations.words, 'tampoco', 'sin', 'nada'],
      'pero aunque sino embargo',
      {
        fallado: -2,
        falla: -2,
        decepciona: -2,
        // Of a product, "caro" is its price ("dear" is not in the lexicon's sense).
        caro: -2,
        cara: -2,
        caros: -2,
        caras: -2,
        barato: 2,
        barata: 2,
      },
      {
        'nada que prefiera': 3,
        'nada mejor': 3,
        'da en el clavo': 2,
        'da en el blanco': 2,
        'deja mucho que desear': -2,
        'supera las expectativas': 2,
      },
      FUNCTION_WORDS.es,
      [VERDICT_VALENCES.es, AVOID_VALENCES.es],
    ),
  it: () =>
    lexicon(
      new langIt.StemmerIt(),
      [langIt.SentimentIt.pattern],
      [SCALE],
      // The package lists no Italian negations.
      [
        ...langIt.SentimentIt.negations.words,
        'non',
        'mai',
        'nessuno',
        'nessuna',
        'niente',
        'nulla',
        'senza',
        'neanche',
        'nemmeno',
      ],
      'ma pero tuttavia eppure sebbene benche invece',
      { costoso: -2, costosa: -2, caro: -2, economico: 2, supporto: 0, affidabile: 2 },
      {
        'niente che preferirei': 3,
        'niente di meglio': 3,
        'nulla di meglio': 3,
        'manca il bersaglio': -2,
        'manca l obiettivo': -2,
        'lascia a desiderare': -2,
        'lasciato a piedi': -2,
        'supera le aspettative': 2,
        'oltre le aspettative': 2,
      },
      FUNCTION_WORDS.it,
      [VERDICT_VALENCES.it, AVOID_VALENCES.it],
    ),
  pt: () =>
    lexicon(
      new langPt.StemmerPt(),
      [langPt.SentimentPt.afinn],
      [1],
      [...langPt.SentimentPt.negations.words, 'sem', 'nada', 'nenhuma'],
      'mas porem contudo todavia embora',
      {
        bom: 3,
        boa: 3,
        ruim: -3,
        lento: -2,
        lenta: -2,
        pessimo: -3,
        pessima: -3,
        caro: -2,
        barato: 2,
        confiavel: 2,
        suporte: 0,
        decepciona: -2,
      },
      {
        'deixou na mao': -2,
        'deixa na mao': -2,
        'nada que eu prefira': 3,
        'nada melhor': 3,
        'erra o alvo': -2,
        'acerta em cheio': 2,
        'deixa a desejar': -2,
        'deixam a desejar': -2,
        'deixou a desejar': -2,
        'supera as expectativas': 2,
      },
      FUNCTION_WORDS.pt,
      [VERDICT_VALENCES.pt, AVOID_VALENCES.pt],
    ),
  nl: () =>
    lexicon(
      new langNl.StemmerNl(),
      [langNl.SentimentNl.pattern],
      [SCALE],
      [...langNl.SentimentNl.negations.words, 'geen', 'zonder', 'nauwelijks'],
      'maar echter hoewel toch',
      {
        duur: -2,
        prijzig: -2,
        goedkoop: 2,
        betrouwbaar: 2,
        beter: 2,
        slechter: -2,
        goedkoper: 1,
        duurder: -2,
      },
      {
        'in de steek': -2,
        'niets dat ik liever': 3,
        'niets beters': 3,
        'schiet tekort': -2,
        'mist het doel': -2,
        'schiet zijn doel voorbij': -2,
        'laat te wensen over': -2,
        'overtreft de verwachtingen': 2,
      },
      FUNCTION_WORDS.nl,
      [VERDICT_VALENCES.nl, AVOID_VALENCES.nl],
    ),
};
const built = new Map<ForeignLanguage, Lexicon>();

function valenceOf(lex: Lexicon, word: string): number {
  let v = lex.cache.get(word);
  if (v === undefined) {
    // A whole word the lexicon lists ("mauvais") before its stem ("mauv", listed as neutral).
    v = lex.words.get(word) ?? lex.values.get(word) ?? lex.values.get(lex.stem(word)) ?? Number.NaN;
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

/** The phrase of the lexicon that starts at token i (whose text is w), if any. */
function phraseAt(
  lex: Lexicon,
  scan: TextScan,
  w: string,
  i: number,
  to: number,
): [string[], number] | undefined {
  const list = lex.phrases.get(w);
  if (!list) return undefined;
  for (const entry of list) {
    const rest = entry[0];
    if (i + rest.length >= to) continue;
    let k = 0;
    while (k < rest.length && tokenIs(scan, i + 1 + k, rest[k]!)) k++;
    if (k === rest.length) return entry;
  }
  return undefined;
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
  const compare = COMPARATIVES[language] as Comparatives;
  let before = 0;
  let after = 0;
  let sawContrast = false;
  const word = (i: number) => scan.text.slice(scan.starts[i]!, scan.ends[i]!);
  for (let i = from; i < to; i++) {
    const w = word(i);
    const phrase = lex.phrases.size > 0 ? phraseAt(lex, scan, w, i, to) : undefined;
    let v: number;
    let negatable = true;
    let last = i;
    if (phrase) {
      v = phrase[1];
      last = i + phrase[0].length;
      negatable = !lex.negators.has(w);
    } else {
      if (lex.contrast.has(w)) {
        sawContrast = true;
        continue;
      }
      if (lex.negators.has(w)) continue;
      const amount = compare.amount.at(scan, i);
      if (amount !== undefined) {
        // "coûte moins", "viel mehr": an amount word standing for itself; before a judgement
        // ("moins cher", "weniger teuer") it is read with that word instead.
        const next = i + 1 < to ? valenceOf(lex, word(i + 1)) : Number.NaN;
        v = Number.isNaN(next) || next === 0 ? amountValence(compare, scan, i, from, to) : 0;
      } else v = valenceOf(lex, w);
    }
    if (Number.isNaN(v) || v === 0 || muted?.muted(i, from, to)) {
      i = last;
      continue;
    }
    if (i > from && compare.amount.at(scan, i - 1) === -1 && !phrase) v *= NEGATION_SCALAR;
    else {
      for (let k = 1; negatable && k <= 3 && i - k >= from; k++) {
        if (clauseBreakAfter(scan, i - k)) break;
        if (lex.negators.has(word(i - k))) {
          v *= NEGATION_SCALAR;
          break;
        }
      }
    }
    if (sawContrast) after += v;
    else before += v;
    i = last;
  }
  const sum = sawContrast && after !== 0 ? before * 0.5 + after * 1.5 : before;
  return sum / Math.sqrt(sum * sum + 15);
}
