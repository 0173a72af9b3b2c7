// Placeholders in a draft's body: what a person must write before the draft can be approved
// (docs/publishing.md, "Drafts without an AI provider"). The deterministic composer writes one
// where a section needs facts Lumen does not have (prices); the editor lists them, and
// submitting for review or approving refuses a body that still holds one.

const OPEN = '[[Fill in:';
const PATTERN = /\[\[Fill in:([^\]\n]*)\]\]/g;

/** The marker for `what` a person has to write here. */
export function placeholder(what: string): string {
  return `${OPEN} ${what
    .replace(/[\]\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()}]]`;
}

export type DraftPlaceholder = {
  /** What to write, as the marker says. */
  what: string;
  /** The `## ` section it sits in, or null above the first heading. */
  section: string | null;
  /** Offset of the marker in the body (the editor selects it). */
  offset: number;
  /** Offset just past the marker's closing brackets. */
  end: number;
};

/** Every placeholder still in the body, in order. */
export function draftPlaceholders(body: string): DraftPlaceholder[] {
  if (!body.includes(OPEN)) return [];
  const headings = [...body.matchAll(/^## (.+)$/gm)].map((m) => ({
    at: m.index ?? 0,
    text: (m[1] ?? '').trim(),
  }));
  const found: DraftPlaceholder[] = [];
  PATTERN.lastIndex = 0;
  for (let m = PATTERN.exec(body); m !== null; m = PATTERN.exec(body)) {
    const offset = m.index;
    const section = headings.filter((h) => h.at < offset).at(-1)?.text ?? null;
    found.push({ what: (m[1] ?? '').trim(), section, offset, end: offset + m[0].length });
  }
  return found;
}

/** The sentence a refused review move or approval says, or null when nothing is left to fill. */
export function placeholderRefusal(body: string): string | null {
  const left = draftPlaceholders(body);
  if (left.length === 0) return null;
  const where = [...new Set(left.map((p) => p.section ?? 'the top'))].map((s) => `“${s}”`);
  return `This draft still has ${left.length === 1 ? 'a placeholder' : `${left.length} placeholders`} to fill in (${where.join(', ')}): replace each “[[Fill in: …]]” with the facts, then save.`;
}
