import { IDIOMS } from '../analysis/common-word-lists';
import { foldString } from '../analysis/text-normalize';

/**
 * Everyday words that are also product names, in the languages Lumen scores. Small on purpose:
 * the brand form only suggests the "common word" mark from it (docs/analysis.md, "Brands that
 * are everyday words"); the user decides.
 */
const WORDS = `
harvest loom pitch drift ramp notion zoom slack box square sage wise monday asana bolt mirror
canvas shift track ripple stripe plaid brex mercury gusto rippling lattice deel remote front
help scout intercom pipe close copper nutshell streak attention gong chorus outreach apollo
clay relay zapier make bubble webflow framer figma sketch miro mural whimsical airtable coda
craft bear things todoist linear height jira trello wrike clickup basecamp teamwork hive
flow spark superhuman hey proton tuta fastmail apple amazon shell oracle target gap next
unity signal telegram discord line viber wire threads medium substack ghost mailchimp
drip klaviyo attentive postscript yotpo okendo gorgias kustomer zendesk freshdesk front
glean guru tettra slab nuclino confluence dropbox google meta snap pinterest reddit quora
pulse bonfire campfire beacon anchor compass harbor harbour atlas orbit summit peak crest
ridge echo wave tide ocean river lake forest meadow field garden bloom blossom seed sprout
root branch leaf oak pine maple cedar willow birch honey bee hive nest feather wing arrow
spear shield castle tower bridge gate door window roof keystone cornerstone foundation
plan planet rocket launch boost lift elevate level layer stack pile heap bundle batch
brick block tile pixel canvas paint brush ink quill pen pencil paper note notes memo
journal diary ledger tally abacus counter meter gauge scale balance fair fresh bright
clear clean pure simple easy quick swift rapid fast lean smart clever brilliant honest
true loyal brave bold calm quiet still steady solid sound sharp keen noble
ernte rampe notiz spiegel brucke anker kompass welle
notion sage pomme plume ardoise boussole vague
cosecha rampa nocion brujula ola lienzo
raccolto rampa nozione bussola onda tela
colheita rampa nocao bussola onda tela
oogst ramp drift kompas golf doek
`;

const DICTIONARY: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));
const IDIOM_WORDS: ReadonlySet<string> = new Set(
  Object.values(IDIOMS).flatMap((list) => list.flatMap((idiom) => idiom.split(' '))),
);
/** Idioms written as one word: "base camp" → "basecamp". */
const IDIOM_COMPOUNDS: ReadonlyMap<string, string> = new Map(
  Object.values(IDIOMS).flatMap((list) =>
    list.filter((i) => i.includes(' ')).map((i) => [i.replaceAll(' ', ''), i] as const),
  ),
);
// Idiom glue ("the", "a", "of") is no reason to suggest the mark.
const GLUE = new Set(
  'the a an of in on to my up off out and one de la un une el il o een wat'.split(' '),
);

export type CommonWordSuggestion =
  | { suggest: false }
  | { suggest: true; reason: 'dictionary' | 'idiom'; example?: string };

/**
 * Whether the brand form should suggest marking a name as a common word: a one-word name that is
 * a dictionary word, a word of a listed idiom ("loom" in "loom large"), or an idiom written as
 * one word ("Basecamp" for "base camp").
 */
export function suggestCommonWord(name: string): CommonWordSuggestion {
  const word = foldString(name).trim();
  if (!/^[\p{L}]+$/u.test(word) || word.length < 3) return { suggest: false };
  const compound = IDIOM_COMPOUNDS.get(word);
  if (compound) return { suggest: true, reason: 'idiom', example: compound };
  if (IDIOM_WORDS.has(word) && !GLUE.has(word)) {
    const example = Object.values(IDIOMS)
      .flat()
      .find((i) => i.split(' ').includes(word));
    return { suggest: true, reason: 'idiom', ...(example && { example }) };
  }
  return DICTIONARY.has(word) ? { suggest: true, reason: 'dictionary' } : { suggest: false };
}
