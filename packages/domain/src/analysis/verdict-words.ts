import type { Language } from './language';
import { WordTable } from './word-table';

/**
 * Words of a first-person verdict per scored language (docs/analysis.md, "Reading the
 * verdict"): "I wouldn't choose it", "Ich würde es nicht wählen", "No lo elegiría". Folded
 * (no accents). A verb form that is first person by itself ("elegiría", "sceglierei",
 * "escolheria", "recomiendo") needs no pronoun, since Spanish, Italian and Portuguese drop it;
 * an infinitive or a form shared with other persons needs "I"/"ich"/"je"/… in the sentence.
 */
export type VerdictWords = {
  /** Verdict verbs: true when the form is first person by itself. */
  verbs: WordTable<boolean>;
  firstPerson: WordTable<boolean>;
  /** Pronouns by which a verdict refers back to the entity named just before. */
  refersBack: WordTable<boolean>;
};

const table = (words: string, value = true) =>
  new WordTable(words.split(' ').map((w) => [w, value] as const));

function verdictWords(
  needPronoun: string,
  firstPersonForms: string,
  firstPerson: string,
  refersBack: string,
): VerdictWords {
  const verbs = new WordTable<boolean>(needPronoun.split(' ').map((w) => [w, false] as const));
  if (firstPersonForms !== '') for (const w of firstPersonForms.split(' ')) verbs.set(w, true);
  return { verbs, firstPerson: table(firstPerson), refersBack: table(refersBack) };
}

export const VERDICT_WORDS: Partial<Record<Language, VerdictWords>> = {
  en: verdictWords('choose recommend pick buy avoid skip switch', '', 'i we', 'it its they them'),
  de: verdictWords(
    'wahlen wahle empfehlen empfehle nehmen nehme kaufen kaufe meiden meide vermeiden vermeide wechseln',
    '',
    'ich wir',
    'es ihn sie das',
  ),
  fr: verdictWords(
    'choisir recommander prendre acheter eviter',
    'choisirais choisirions choisis choisissons recommande recommanderais recommandons prendrais acheterais eviterais',
    'je j nous',
    'le la l les',
  ),
  es: verdictWords(
    'elegir recomendar comprar evitar escoger',
    'elegiria elegiriamos elijo recomiendo recomendaria recomendariamos compraria evitaria escogeria escojo',
    'yo nosotros',
    'lo la los las',
  ),
  it: verdictWords(
    'scegliere consigliare raccomandare comprare evitare',
    'sceglierei sceglieremmo scelgo consiglio consiglierei consigliamo raccomando raccomanderei comprerei eviterei prenderei',
    'io noi',
    'lo la l li',
  ),
  pt: verdictWords(
    'escolher recomendar comprar evitar',
    'escolheria escolheriamos escolho recomendo recomendaria recomendamos compraria evitaria',
    'eu nos',
    'o a os as',
  ),
  nl: verdictWords(
    'kiezen kies aanraden aanbevelen kopen vermijden overstappen',
    '',
    'ik wij we',
    'het hem ze',
  ),
};
