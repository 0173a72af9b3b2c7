/** The four kinds of brand-neutral prompts (docs/metrics.md). */
export type PromptKind = 'best' | 'comparison' | 'alternatives' | 'how-to';

/** The content kinds an opportunity can recommend (templates also have "glossary"). */
export type ContentKind = 'listicle' | 'comparison' | 'faq' | 'how-to';

const COMPARISON = /\b(vs\.?|versus|compare[sd]?|comparison|differences?|better than)\b/i;
const ALTERNATIVES =
  /\b(alternatives?|instead of|replace|switch(ing)? (from|to)|competitors? (of|to))\b/i;
const HOW_TO =
  /^(how|what should|what features|which .* would you recommend|should i|can i)\b|\bhow (do|to|can)\b/i;

/** Which kind of question a prompt asks, from its wording. */
export function classifyPrompt(text: string): PromptKind {
  if (ALTERNATIVES.test(text)) return 'alternatives';
  if (COMPARISON.test(text)) return 'comparison';
  if (HOW_TO.test(text)) return 'how-to';
  return 'best';
}

/** The content that answers a kind of prompt best. */
export function contentKindFor(kind: PromptKind): ContentKind {
  switch (kind) {
    case 'best':
      return 'listicle';
    case 'comparison':
    case 'alternatives':
      return 'comparison';
    case 'how-to':
      return 'how-to';
  }
}
