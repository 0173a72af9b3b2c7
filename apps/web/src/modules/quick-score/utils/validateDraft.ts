import type { QuickScoreInput } from '@lumen/domain/quick-score/quick-score-input';
import {
  normalizeWebsite,
  QuickScoreInputSchema,
} from '@lumen/domain/quick-score/quick-score-input';
import {
  draftToInput,
  type FieldErrors,
  type QuickScoreDraft,
  toDraftPaths,
} from './quickScoreDraft';

// Loaded lazily by the form (it carries zod): the server's own schema, so the form accepts and
// refuses exactly what startQuickScore does, with the same messages.

/**
 * Validates with the server's own schema. Error paths index into the sent competitors, so they
 * are mapped back to the draft's rows (blank rows are skipped when sending).
 */
export function validateDraft(
  draft: QuickScoreDraft,
): { ok: true; input: QuickScoreInput } | { ok: false; errors: FieldErrors } {
  const input = draftToInput(draft);
  const parsed = QuickScoreInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors: toDraftPaths(errors, draft) };
}

/** The domain the server will check for what was typed, or null if it is not valid yet. */
export function websiteDomain(input: string): string | null {
  if (input.trim() === '') return null;
  const result = normalizeWebsite(input);
  return result.ok ? result.domain : null;
}
