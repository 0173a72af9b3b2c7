import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, multiLine, singleLine } from '../validation/plain-text';

// Content templates: the built-in ones every workspace shares (workspace_id null, read-only) and
// a workspace's own (docs/publishing.md, "Templates").

/** The content kinds an opportunity can recommend and a template can write. */
export const TEMPLATE_KINDS = ['listicle', 'comparison', 'faq', 'how-to', 'glossary'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export type TemplateSection = { heading: string; guidance: string };

export type Template = {
  id: string;
  /** Null for a built-in template. */
  workspaceId: string | null;
  name: string;
  kind: TemplateKind;
  structure: { sections: TemplateSection[] };
  instructions: string;
  createdAt: Date;
};

export const TEMPLATE_LIMITS = {
  nameMax: 100,
  instructionsMax: 4000,
  sectionsMax: 20,
  headingMax: 120,
  guidanceMax: 1000,
} as const;

const section = z.object({
  heading: z
    .string()
    .trim()
    .min(1, 'Give the section a heading.')
    .max(TEMPLATE_LIMITS.headingMax, `At most ${TEMPLATE_LIMITS.headingMax} characters.`)
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE),
  guidance: z
    .string()
    .trim()
    .max(TEMPLATE_LIMITS.guidanceMax, `At most ${TEMPLATE_LIMITS.guidanceMax} characters.`)
    .refine(multiLine, CONTROL_CHARACTERS_MESSAGE),
});

/** A custom template as the create and update forms send it (update replaces every field). */
export const TemplateInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the template.')
    .max(TEMPLATE_LIMITS.nameMax, `At most ${TEMPLATE_LIMITS.nameMax} characters.`)
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE),
  kind: z.enum(TEMPLATE_KINDS, { message: 'Choose a content kind.' }),
  instructions: z
    .string()
    .trim()
    .max(TEMPLATE_LIMITS.instructionsMax, `At most ${TEMPLATE_LIMITS.instructionsMax} characters.`)
    .refine(multiLine, CONTROL_CHARACTERS_MESSAGE),
  structure: z
    .array(section)
    .min(1, 'Add at least one section.')
    .max(TEMPLATE_LIMITS.sectionsMax, `At most ${TEMPLATE_LIMITS.sectionsMax} sections.`),
});
export type TemplateInput = z.infer<typeof TemplateInputSchema>;

/** Why a built-in template cannot be changed, for the API's FORBIDDEN error. */
export const BUILT_IN_READ_ONLY_MESSAGE =
  'Built-in templates are read-only. Create a custom template to change its sections or instructions.';
