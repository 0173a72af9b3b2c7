import { foldString } from '../analysis/text-normalize';
import { unquotePlainTerm } from './guest-text';
import type { PromptKind } from './prompt-kind';
import { PROMPT_TEMPLATES, type PromptTemplates, promptLanguageFor } from './prompt-templates';

export type GeneratedPrompt = { text: string; kind: PromptKind; branded: boolean };

export type GeneratePromptsInput = {
  keyword: string;
  industry: string;
  brandName?: string;
  /** Competitors' names make "alternatives to X" prompts possible; they stay brand-neutral. */
  competitors?: string[];
  count: number;
  /** Add branded prompts ("Is Acme a good …?"), marked branded. Off by default. */
  includeBranded?: boolean;
  /** The brand's language code ("de", "fr-CA"); English when Lumen does not write it. */
  language?: string | null;
};

const KIND_ORDER: PromptKind[] = ['best', 'comparison', 'alternatives', 'how-to'];

function dedupeKey(text: string): string {
  return foldString(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** One line, and no quotes around a plain term: a question never reads `the best "CRM"`. */
function term(text: string): string {
  return unquotePlainTerm(text.replace(/\s+/g, ' ').trim());
}

function tidy(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

function mentionsName(text: string, name: string): boolean {
  const n = dedupeKey(name);
  return n.length > 0 && ` ${dedupeKey(text)} `.includes(` ${n} `);
}

/**
 * Prompts for a keyword: brand-neutral questions of the four kinds, taken in turn so any count is
 * varied, deduplicated on normalised text; branded prompts only when asked for, and marked.
 * Written in the brand's language when Lumen writes it (`prompt-templates.ts`). Deterministic:
 * the same input gives the same prompts.
 */
export function generatePrompts(input: GeneratePromptsInput): GeneratedPrompt[] {
  const keyword = term(input.keyword);
  const industry = term(input.industry);
  const count = Math.max(0, Math.floor(input.count));
  if (!keyword || count === 0) return [];
  const brand = term(input.brandName ?? '');
  const templates = PROMPT_TEMPLATES[promptLanguageFor(input.language).language];
  const wantBranded = Boolean(input.includeBranded && brand);
  const brandedTarget = wantBranded ? Math.max(1, Math.round(count / 5)) : 0;

  const seen = new Set<string>();
  const out: GeneratedPrompt[] = [];
  const push = (text: string, kind: PromptKind, branded: boolean): boolean => {
    const clean = tidy(text);
    const key = dedupeKey(clean);
    if (!key || seen.has(key)) return false;
    // A prompt that names the brand is branded, whatever template produced it.
    const isBranded = branded || (brand !== '' && mentionsName(clean, brand));
    if (isBranded && !wantBranded) return false;
    seen.add(key);
    out.push({ text: clean, kind, branded: isBranded });
    return true;
  };

  const neutral = neutralCandidates(
    templates,
    keyword,
    industry,
    (input.competitors ?? []).map(term),
    brand,
  );
  for (const c of neutral) {
    if (out.length >= count - brandedTarget) break;
    push(c.text, c.kind, false);
  }
  if (wantBranded) {
    for (const make of templates.branded) {
      if (out.length >= count) break;
      const c = make(brand, keyword);
      push(c.text, c.kind, true);
    }
  }
  // Top up with whatever is left when one side ran out of templates.
  for (const c of neutral) {
    if (out.length >= count) break;
    push(c.text, c.kind, false);
  }
  return out;
}

/** Every neutral prompt, interleaved by kind: best, comparison, alternatives, how-to, best, … */
function neutralCandidates(
  templates: PromptTemplates,
  keyword: string,
  industry: string,
  competitors: readonly string[],
  brand: string,
): { text: string; kind: PromptKind }[] {
  const perKind = KIND_ORDER.map((kind) => {
    const texts = templates.neutral[kind]
      .map((t) => t(keyword, industry))
      .filter((t): t is string => t !== null);
    if (kind === 'alternatives') {
      // "Alternatives to <competitor>" right after the first generic one, in the given order.
      const named = competitors
        .map((c) => c.trim())
        .filter((c) => c && !(brand && mentionsName(c, brand)))
        .map(templates.alternativesTo);
      texts.splice(1, 0, ...named);
    }
    return { kind, texts };
  });
  const out: { text: string; kind: PromptKind }[] = [];
  const longest = Math.max(...perKind.map((p) => p.texts.length));
  for (let i = 0; i < longest; i++) {
    for (const { kind, texts } of perKind) {
      const text = texts[i];
      if (text !== undefined) out.push({ text, kind });
    }
  }
  return out;
}
