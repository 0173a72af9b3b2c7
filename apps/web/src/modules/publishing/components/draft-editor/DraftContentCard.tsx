import { useEffect, useId, useMemo, useRef } from 'react';
import { buttonClass } from '../../../../ui/button';
import { Card } from '../../../../ui/Card';
import { FormField } from '../../../../ui/FormField';
import type { DraftEditorState } from '../../hooks/useDraftEditor';
import { LIMITS } from '../../utils/draftView';
import { renderMarkdownWithMarks } from '../../utils/markdown';

/** A placeholder in the preview: the theme's warning hue, legible in both themes. */
const PLACEHOLDER_MARK =
  'rounded bg-warning/15 box-decoration-clone px-0.5 text-fg ring-1 ring-warning/60';

const PREVIEW =
  'min-h-96 max-w-none break-words text-sm leading-relaxed text-fg [&_a]:text-accent-text [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-2 [&_blockquote]:border-border-strong [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:my-2 [&_ol]:list-decimal [&_p]:my-2 [&_table]:my-3 [&_table]:w-full [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:my-2 [&_ul]:list-disc';

/**
 * Title, slug and the Markdown body, with a Write / Preview tab pair; the preview marks each
 * "[[Fill in: …]]" left, and choosing one in the placeholder list selects it here.
 */
export function DraftContentCard({ editor }: { editor: DraftEditorState }) {
  const id = useId();
  const { form, fields, set, selection, placeholders } = editor;
  const tab = editor.bodyTab;
  const setTab = editor.setBodyTab;
  const bodyWrap = useRef<HTMLDivElement>(null);
  const preview = useMemo(
    () =>
      tab === 'preview'
        ? renderMarkdownWithMarks(
            form.body,
            placeholders.items.map((p) => ({ start: p.offset, end: p.end })),
            PLACEHOLDER_MARK,
          )
        : '',
    [tab, form.body, placeholders.items],
  );
  useEffect(() => {
    if (!selection || tab !== 'write') return;
    const textarea = bodyWrap.current?.querySelector('textarea');
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(selection.start, selection.end);
  }, [selection, tab]);
  return (
    <Card title="Content">
      <div className="flex flex-col gap-4">
        <FormField
          label="Title"
          value={form.title}
          maxLength={LIMITS.titleMax + 50}
          error={fields.title}
          onValueChange={set('title')}
        />
        <FormField
          label="Slug"
          note="the last part of the post’s address"
          value={form.slug}
          error={fields.slug}
          onValueChange={set('slug')}
        />
        <div className="flex flex-col gap-1.5">
          <div role="tablist" aria-label="Body" className="flex gap-1">
            {(['write', 'preview'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`${id}-${t}`}
                aria-selected={tab === t}
                aria-controls={`${id}-panel`}
                className={`${buttonClass.ghost} h-8 ${tab === t ? 'bg-surface-2 text-fg' : ''}`}
                onClick={() => setTab(t)}
              >
                {t === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
          <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
            {tab === 'write' ? (
              <div ref={bodyWrap} className="[&_textarea]:font-mono [&_textarea]:leading-relaxed">
                <FormField
                  label="Body (Markdown)"
                  multiline
                  rows={24}
                  value={form.body}
                  error={fields.body}
                  onValueChange={set('body')}
                />
              </div>
            ) : (
              <div
                className={`${PREVIEW} overflow-x-auto rounded-md border border-border p-4`}
                data-testid="draft-preview"
                // Rendered by renderMarkdown: raw HTML escaped, the shared link policy (docs/security.md).
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above
                dangerouslySetInnerHTML={{ __html: preview }}
              />
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
