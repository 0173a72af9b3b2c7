import { DRAFT_LIMITS, DraftInputSchema } from '@lumen/domain/publishing/draft-input';
import type { DraftContent } from '@lumen/domain/publishing/draft-meta';
import {
  type DraftPlaceholder,
  draftPlaceholders,
  placeholderRefusal,
} from '@lumen/domain/publishing/draft-placeholders';
import type { DraftStatus, OrderStatus } from '@lumen/schema/generated/graphql';
import { fieldErrorsFromIssues } from '../../../ui/graphqlErrors';

// Labels, tones and the editor's form model for orders and drafts (docs/publishing.md, "Orders
// and drafts"). The form validates with the server's own schema.

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  QUEUED: 'Queued',
  GENERATING: 'Writing',
  DRAFT_READY: 'Draft ready',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export const DRAFT_STATUS_LABEL: Record<DraftStatus, string> = {
  DRAFT: 'Draft',
  IN_REVIEW: 'In review',
  APPROVED: 'Approved',
  SCHEDULED: 'Scheduled',
  PUBLISHING: 'Publishing',
  PUBLISHED: 'Published',
  FAILED: 'Failed',
};

export type Tone = 'neutral' | 'progress' | 'success' | 'danger';

export function orderTone(status: OrderStatus): Tone {
  if (status === 'DRAFT_READY') return 'success';
  if (status === 'FAILED') return 'danger';
  if (status === 'CANCELLED') return 'neutral';
  return 'progress';
}

export function draftTone(status: DraftStatus): Tone {
  if (status === 'APPROVED' || status === 'PUBLISHED') return 'success';
  if (status === 'FAILED') return 'danger';
  if (status === 'DRAFT') return 'neutral';
  return 'progress';
}

export const isOpenOrder = (status: OrderStatus) => status === 'QUEUED' || status === 'GENERATING';

/** "composer" → the words a person reads; an engine id stays as it is. */
export function writerLabel(writer: string | null): string {
  if (writer === null) return '–';
  return writer === 'composer' ? 'Lumen composer (no AI provider)' : writer;
}

/** The editor's fields: a draft's content (one shape, @lumen/domain) as inputs hold it, '' for empty. */
export type DraftForm = {
  [K in Exclude<keyof DraftContent, 'jsonLd'>]: NonNullable<DraftContent[K]>;
};

type DraftLike = {
  title: string;
  slug: string;
  body: string;
  excerpt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  categories: readonly number[];
  tags: readonly number[];
};

export function formFrom(draft: DraftLike): DraftForm {
  return {
    title: draft.title,
    slug: draft.slug,
    body: draft.body,
    excerpt: draft.excerpt ?? '',
    metaTitle: draft.metaTitle ?? '',
    metaDescription: draft.metaDescription ?? '',
    categories: [...draft.categories],
    tags: [...draft.tags],
  };
}

/** Whether the form differs from what was loaded (term order does not matter). */
export function isDirty(form: DraftForm, saved: DraftForm): boolean {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
  return (
    form.title !== saved.title ||
    form.slug !== saved.slug ||
    form.body !== saved.body ||
    form.excerpt !== saved.excerpt ||
    form.metaTitle !== saved.metaTitle ||
    form.metaDescription !== saved.metaDescription ||
    sorted(form.categories) !== sorted(saved.categories) ||
    sorted(form.tags) !== sorted(saved.tags)
  );
}

/** The form checked by the server's schema: the input to send, or a message per field. */
export function validateDraftForm(
  form: DraftForm,
): { ok: true; input: DraftForm } | { ok: false; fields: Record<string, string> } {
  const parsed = DraftInputSchema.safeParse(form);
  if (!parsed.success) return { ok: false, fields: fieldErrorsFromIssues(parsed.error.issues) };
  return { ok: true, input: form };
}

/** "42 / 60" with whether it is over the limit, for the meta fields' counters. */
export function counter(value: string, max: number): { text: string; over: boolean } {
  const length = value.trim().length;
  return { text: `${length} / ${max}`, over: length > max };
}

export const LIMITS = DRAFT_LIMITS;

/** What the editor may do in each status (the server decides; this only hides what would fail). */
export function draftActions(status: DraftStatus) {
  return {
    canEdit: status !== 'SCHEDULED' && status !== 'PUBLISHING',
    canSubmit: status === 'DRAFT',
    canApprove: status === 'DRAFT' || status === 'IN_REVIEW',
    canReturn: status === 'IN_REVIEW',
  };
}

/** The plain notice over a draft the offline composer wrote (no AI provider); null otherwise. */
export function briefNotice(writer: string | null): string | null {
  if (writer !== 'composer') return null;
  return 'This draft is a brief to complete. It was written without an AI provider, so Lumen laid out the sections, the questions to answer and the sources to cite, and marked the places where only you know the facts. Fill those in and read it through before you submit it.';
}

export type PlaceholderView = {
  /** The placeholders in the body as it is being edited, in order. */
  items: DraftPlaceholder[];
  /**
   * Why submit and approve are off: the server's own refusal for the saved body (review acts on
   * the saved version), or null when it has none.
   */
  reviewBlocked: string | null;
};

export function placeholderView(body: string, savedBody: string): PlaceholderView {
  return { items: draftPlaceholders(body), reviewBlocked: placeholderRefusal(savedBody) };
}
