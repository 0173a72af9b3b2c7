import type { QuickScoreData } from '../hooks/useQuickScore';

type Opportunities = NonNullable<QuickScoreData['result']>['opportunities'];

const TYPE_LABEL: Record<string, string> = {
  missing_mention: 'Not mentioned',
  low_rank: 'Ranked low',
  citation_gap: 'Citation gap',
  negative_sentiment: 'Negative tone',
};

const KIND_LABEL: Record<string, string> = {
  listicle: 'a “best of” list',
  comparison: 'a comparison page',
  faq: 'an FAQ',
  'how-to': 'a how-to guide',
};

export function Opportunities({ items }: { items: Opportunities }) {
  if (items.length === 0) {
    return (
      <p className="text-sm text-muted">
        No gaps found: wherever a competitor was named, you were too.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={`${item.type}:${item.title}`} className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-3">
            <span className="text-sm text-fg">{item.title}</span>
            <span
              className="shrink-0 text-xs font-medium text-fg tabular-nums"
              title="Impact, 0–100"
            >
              {item.impact}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <div
              className="h-1 flex-1 overflow-hidden rounded-full bg-surface-3"
              aria-hidden="true"
            >
              <div className="h-full rounded-full bg-accent" style={{ width: `${item.impact}%` }} />
            </div>
            <span className="shrink-0 text-[11px] text-subtle">
              {TYPE_LABEL[item.type] ?? item.type}
              {item.recommendedKind
                ? ` · write ${KIND_LABEL[item.recommendedKind] ?? item.recommendedKind}`
                : ''}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
