import type { ContentKind, TemplateFieldsFragment } from '@lumen/schema/generated/graphql';

// What the template form edits, and how it becomes the API's input (docs/publishing.md).

export type TemplateDraft = {
  name: string;
  kind: ContentKind;
  instructions: string;
  sections: { key: number; heading: string; guidance: string }[];
};

let nextKey = 1;
/** A section row with a key of its own, so React keeps inputs apart when rows move. */
export const newSection = (heading = '', guidance = '') => ({
  key: nextKey++,
  heading,
  guidance,
});

export const blankDraft = (): TemplateDraft => ({
  name: '',
  kind: 'LISTICLE',
  instructions: '',
  sections: [newSection()],
});

/** Editing a custom template, or starting from a built-in one (as a copy). */
export function draftFrom(template: TemplateFieldsFragment, copy: boolean): TemplateDraft {
  return {
    name: copy ? `${template.name} (copy)` : template.name,
    kind: template.kind,
    instructions: template.instructions,
    sections: template.structure.map((s) => newSection(s.heading, s.guidance)),
  };
}

export function toTemplateInput(draft: TemplateDraft) {
  return {
    name: draft.name,
    kind: draft.kind,
    instructions: draft.instructions,
    structure: draft.sections.map(({ heading, guidance }) => ({ heading, guidance })),
  };
}

/** Moves a section up (-1) or down (+1); out of range leaves the list as it is. */
export function moveSection<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
