import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import { type AnnotationInput, KIND_LABEL, type NumberedAnnotation } from '../utils/annotationView';
import { dayLabel } from '../utils/metricsView';

/**
 * The trend's annotations as a numbered list: the chart's markers carry the same numbers. A
 * button per item emphasises its marker, so keyboards reach what a pointer sees on hover; screen
 * readers read the list (the chart itself is hidden from them).
 */
export function AnnotationList({
  items,
  active,
  onActive,
}: {
  items: readonly NumberedAnnotation<AnnotationInput>[];
  active: string | null;
  onActive: (id: string | null) => void;
}) {
  if (items.length === 0) return null;
  return (
    <div className="mt-3 border-t border-border pt-3">
      <h3 className="text-xs font-medium text-subtle">Events in this range</h3>
      <ol
        aria-label="Events on the trend"
        className="mt-1.5 flex flex-col gap-1"
        data-testid="annotations"
      >
        {items.map((a) => (
          <li key={a.id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
            <button
              type="button"
              aria-pressed={active === a.id}
              onClick={() => onActive(active === a.id ? null : a.id)}
              onMouseEnter={() => onActive(a.id)}
              onMouseLeave={() => onActive(null)}
              className={`inline-flex min-w-0 items-center gap-2 rounded-md px-1.5 py-0.5 text-left hover:bg-surface-2 ${active === a.id ? 'bg-accent-soft text-accent-text' : 'text-fg'}`}
            >
              <span
                aria-hidden="true"
                className="inline-flex h-5 min-w-5 items-center justify-center rounded-full border border-border-strong px-1 text-[11px] font-semibold tabular-nums"
              >
                {a.n}
              </span>
              <span className="sr-only">Event {a.n}, </span>
              <span className="text-subtle">{dayLabel(a.date)}</span>
              <span className="rounded bg-surface-3 px-1.5 py-0.5 text-muted">
                {KIND_LABEL[a.kind]}
              </span>
              <span className="min-w-0 break-words">{a.title}</span>
            </button>
            {a.kind === 'SERVED_MODEL' && a.detail ? (
              <span className="text-subtle">{a.detail}</span>
            ) : null}
            {a.kind === 'PROMPT_SET' && a.detail ? (
              <span className="text-subtle">{a.detail}</span>
            ) : null}
            {a.url ? (
              <a
                href={a.url}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 text-muted hover:text-fg hover:underline"
              >
                Page
                <ExternalLink aria-hidden="true" size={12} />
              </a>
            ) : null}
            {a.opportunityId ? (
              <Link
                to={`/opportunities/${a.opportunityId}`}
                className="text-muted hover:text-fg hover:underline"
              >
                Opportunity
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
