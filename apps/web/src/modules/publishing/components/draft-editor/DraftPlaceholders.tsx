import { FileText, PenLine } from 'lucide-react';
import { buttonClass } from '../../../../ui/button';
import type { DraftEditorState } from '../../hooks/useDraftEditor';
import { briefNotice } from '../../utils/draftView';

/** The id of the sentence that says why submit and approve are off (their aria-describedby). */
export const REVIEW_BLOCKED_ID = 'draft-review-blocked';

/**
 * Over the editor: a plain word that a draft written without an AI provider is a brief to
 * complete, and the "[[Fill in: …]]" places still in the body (docs/publishing.md, "Drafts
 * without an AI provider"), each a button that selects it in the body. Submit and approve wait
 * for them, and this says so.
 */
export function DraftPlaceholders({
  writer,
  editor,
}: {
  writer: string | null;
  editor: DraftEditorState;
}) {
  const brief = briefNotice(writer);
  const { items, reviewBlocked } = editor.placeholders;
  const showReason =
    reviewBlocked !== null && (editor.actions.canSubmit || editor.actions.canApprove);
  if (!brief && items.length === 0 && !showReason) return null;
  return (
    <section
      aria-label="To complete"
      data-testid="draft-placeholders"
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-sm"
    >
      {brief ? (
        <p className="flex items-start gap-2 text-muted">
          <FileText aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-accent-text" />
          <span>{brief}</span>
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h2 className="font-medium text-fg">
            {items.length === 1 ? '1 place to fill in' : `${items.length} places to fill in`}
          </h2>
          <ol className="flex flex-col divide-y divide-border rounded-md border border-border">
            {items.map((p) => (
              <li
                key={p.offset}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
              >
                <span className="min-w-48 flex-1">
                  <span className="block text-xs text-subtle">{p.section ?? 'At the top'}</span>
                  <span className="block break-words text-fg">{p.what || 'Fill this in'}</span>
                </span>
                <button
                  type="button"
                  className={`${buttonClass.ghost} h-8 shrink-0`}
                  onClick={() => editor.goToPlaceholder(p)}
                  aria-label={`Go to “${p.what || 'Fill this in'}”${p.section ? ` in ${p.section}` : ''}`}
                >
                  <PenLine aria-hidden="true" size={14} />
                  Go to it
                </button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {showReason ? (
        <p id={REVIEW_BLOCKED_ID} className="text-xs text-muted">
          {items.length > 0
            ? 'Submit for review and Approve wait until every placeholder is filled in and saved.'
            : 'Save your changes: Submit for review and Approve wait for the filled-in version.'}
        </p>
      ) : null}
    </section>
  );
}
