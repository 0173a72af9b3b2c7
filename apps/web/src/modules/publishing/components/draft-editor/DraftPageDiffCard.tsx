import { blockDiff, type DiffBlock, diffSummary } from '@lumen/domain/publishing/block-diff';
import type { DraftFieldsFragment } from '@lumen/schema/generated/graphql';
import { Minus, Plus } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Card } from '../../../../ui/Card';
import { formatMoment, plural } from '../../../../ui/format';
import type { DraftEditorState } from '../../hooks/useDraftEditor';

type ImprovedPage = NonNullable<DraftFieldsFragment['order']['improvedPage']>;

const STYLE: Record<DiffBlock['kind'], { label: string; className: string }> = {
  added: { label: 'Added', className: 'border-success bg-success/10' },
  removed: { label: 'Removed', className: 'border-danger bg-danger-soft' },
  same: { label: 'Unchanged', className: 'border-border' },
};

/**
 * For an improvement of a page that exists (docs/publishing.md): the draft (as typed) against
 * the live page as Lumen read it, block by block. Each block says in words whether it is added,
 * removed or unchanged, and additions and removals are <ins> and <del>, so the marking does not
 * rest on colour. Unchanged blocks are folded away unless asked for.
 */
export function DraftPageDiffCard({
  page,
  editor,
}: {
  page: ImprovedPage;
  editor: DraftEditorState;
}) {
  const body = useDeferredValue(editor.form.body);
  const diff = useMemo(() => keyed(blockDiff(page.body, body)), [page.body, body]);
  const summary = diffSummary(diff);
  const [showSame, setShowSame] = useState(false);
  const shown = showSame ? diff : diff.filter((b) => b.kind !== 'same');
  return (
    <Card
      title="Changes to the live page"
      description={
        <>
          Compared with{' '}
          <a
            href={page.url}
            target="_blank"
            rel="noreferrer noopener"
            className="break-all text-accent-text underline"
          >
            {page.url}
          </a>{' '}
          as read on {formatMoment(page.fetchedAt)}. Publishing updates that page’s WordPress post;
          it creates no new post.
        </>
      }
      aria-label="Changes to the live page"
    >
      <div className="flex flex-col gap-4">
        {page.changes.length > 0 ? (
          <div>
            <h3 className="text-sm font-medium text-fg">What the improvement does</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-muted">
              {page.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted" aria-live="polite">
            {plural(summary.added, 'block')} added, {summary.removed} removed, {summary.same}{' '}
            unchanged.
          </p>
          <label className="flex items-center gap-2 text-sm text-muted">
            <input
              type="checkbox"
              checked={showSame}
              onChange={(e) => setShowSame(e.currentTarget.checked)}
            />
            Show unchanged blocks
          </label>
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-muted">The draft says exactly what the live page says.</p>
        ) : (
          <ol aria-label="Block by block" className="flex flex-col gap-2">
            {shown.map((block) => (
              <DiffItem key={block.key} block={block} />
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}

/** A stable key per block: its kind and text, numbered when the same block repeats. */
function keyed(diff: DiffBlock[]): (DiffBlock & { key: string })[] {
  const seen = new Map<string, number>();
  return diff.map((block) => {
    const base = `${block.kind}:${block.text}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...block, key: `${base}#${n}` };
  });
}

function DiffItem({ block }: { block: DiffBlock }) {
  const style = STYLE[block.kind];
  const text = <span className="whitespace-pre-wrap break-words">{block.text}</span>;
  return (
    <li
      className={`flex flex-col gap-1 rounded-lg border-l-4 px-3 py-2 text-sm ${style.className}`}
      data-diff={block.kind}
    >
      <span className="flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-fg">
        {block.kind === 'added' ? <Plus aria-hidden="true" size={12} /> : null}
        {block.kind === 'removed' ? <Minus aria-hidden="true" size={12} /> : null}
        {style.label}
      </span>
      {block.kind === 'added' ? (
        <ins className="text-fg no-underline">{text}</ins>
      ) : block.kind === 'removed' ? (
        <del className="text-muted">{text}</del>
      ) : (
        <span className="text-muted">{text}</span>
      )}
    </li>
  );
}
