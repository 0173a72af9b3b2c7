import { memoize } from './memo';

/** Markdown to plain prose: the local engine quotes sentences from documents. */
export function stripMarkdown(value: string): string {
  return value
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(^|\s)[*_]([^*_\n]+)[*_](?=\s|[.,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Sentences of a markdown body, each as plain text; headings and list items stand alone. */
export const sentencesOf: (body: string) => string[] = memoize(splitSentences, 2000);

function splitSentences(body: string): string[] {
  const out: string[] = [];
  for (const line of body.split('\n')) {
    // Forum replies open with "**handle** (12 points):", which is not part of what they say.
    const plain = stripMarkdown(line.replace(FORUM_BYLINE, ''));
    if (!plain) continue;
    for (const sentence of plain.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(+])/)) {
      const trimmed = sentence.trim();
      if (trimmed) out.push(trimmed);
    }
  }
  return out;
}

const FORUM_BYLINE =
  /^\s*(?:[-*+]\s+)?\*\*[^*\n]{1,40}\*\*\s*(?:\(\d+ points?\))?\s*(?:asked)?:\s*/i;

const STEM_LENGTH = 5;

/** Crude word keys for overlap scoring: lowercase, first five letters ("startups" ~ "startup"). */
export function wordKeys(value: string): Set<string> {
  const keys = new Set<string>();
  for (const word of value.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    keys.add(word.slice(0, STEM_LENGTH));
  }
  return keys;
}

export const STOP_WORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'what',
  'which',
  'who',
  'how',
  'are',
  'is',
  'best',
  'top',
  'good',
  'you',
  'your',
  'our',
  'can',
  'should',
  'would',
  'does',
  'that',
  'this',
  'there',
  'from',
  'into',
  'about',
  'any',
  'some',
  'most',
  'more',
  'recommend',
  'recommended',
  'use',
  'using',
  'need',
  'want',
  'looking',
  'options',
  'option',
  'choose',
  'pick',
  'right',
  'really',
  'one',
]);
