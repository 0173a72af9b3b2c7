import type { Actor } from './actor';

// One row of a workspace's activity log (docs/activity.md). `kind` is `<subject>.<verb>`
// ("brand.created"); `data` is a short before → after summary: ids, names of things, counts and
// statuses, never secrets, never a person's email.

export const ACTIVITY_LEVELS = ['info', 'warning', 'error'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export const SUBJECT_TYPES = [
  'workspace',
  'member',
  'invitation',
  'brand',
  'keyword',
  'prompt',
  'competitor',
  'run',
  'opportunity',
  'order',
  'draft',
  'published_item',
  'wordpress_site',
  'template',
  'engine_connection',
  'api_key',
  'webhook',
  'source',
  'report',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export type ActivityChange = Record<string, unknown>;

export type ActivityEntryInput = {
  workspaceId: string;
  actor: Actor;
  kind: string;
  level?: ActivityLevel;
  message: string;
  subjectType: SubjectType;
  subjectId: string | null;
  brandId?: string | null;
  data?: ActivityChange | null;
};

/** `{ field: { from, to } }` for the fields that differ; the values are the caller's to choose. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      out[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  }
  return out;
}

/** A message names the thing in quotes, kept short: "Brand “Acme” renamed". */
export function quoted(name: string, max = 80): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  return `“${clean.length > max ? `${clean.slice(0, max - 1)}…` : clean}”`;
}
