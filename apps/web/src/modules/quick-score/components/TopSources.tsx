import { plural } from '../../../ui/format';
import type { QuickScoreData } from '../hooks/useQuickScore';

type Sources = NonNullable<QuickScoreData['result']>['topSources'];

const OWNER: Record<string, { label: string; className: string }> = {
  own: { label: 'Your site', className: 'border-accent/50 text-accent-text' },
  competitor: { label: 'Competitor', className: 'border-warning/50 text-warning' },
  third_party: { label: 'Third party', className: 'border-border-strong text-muted' },
};

export function TopSources({ sources }: { sources: Sources }) {
  if (sources.length === 0) {
    return (
      <p className="text-sm text-muted">
        The engines cited no sources in these answers, so there is nothing to get into yet.
      </p>
    );
  }
  return (
    <ol className="flex flex-col divide-y divide-border">
      {sources.map((source) => {
        const owner = OWNER[source.owner] ?? OWNER.third_party;
        return (
          // On a phone the domain takes its own line: it is what the reader came for.
          <li
            key={source.domain}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm sm:flex-nowrap"
          >
            <span
              className="min-w-0 basis-full truncate text-fg sm:basis-auto sm:flex-1"
              data-testid="source-domain"
            >
              {source.domain}
            </span>
            <span
              className={`shrink-0 rounded-full border px-2 py-px text-[11px] ${owner?.className ?? ''}`}
            >
              {owner?.label}
            </span>
            <span className="ml-auto w-20 shrink-0 whitespace-nowrap text-right text-xs text-muted tabular-nums">
              {plural(source.citations, 'citation')}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
