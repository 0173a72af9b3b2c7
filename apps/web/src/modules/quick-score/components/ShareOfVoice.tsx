import { percent } from '../../../ui/format';
import type { QuickScoreData } from '../hooks/useQuickScore';

type Competitors = NonNullable<QuickScoreData['result']>['competitors'];

export function ShareOfVoice({ competitors }: { competitors: Competitors }) {
  if (competitors.length === 0) {
    return <p className="text-sm text-muted">No brand was named often enough to compare.</p>;
  }
  const sorted = [...competitors].sort((a, b) => b.shareOfVoice - a.shareOfVoice);
  const top = Math.max(...sorted.map((c) => c.shareOfVoice), 0.0001);
  return (
    <ul className="flex flex-col gap-2.5" aria-label="Share of voice by brand">
      {sorted.map((brand) => (
        <li
          key={brand.name}
          className="flex flex-col gap-1"
          data-brand={brand.isBrand || undefined}
        >
          {/* The figures wrap under the name when both do not fit (a phone): a name is never
              squeezed out by its own numbers. */}
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
            <span
              className={`flex min-w-0 max-w-full flex-wrap items-center gap-x-1.5 ${brand.isBrand ? 'font-semibold text-accent-text' : 'text-fg'}`}
            >
              <span className="min-w-0 max-w-full truncate" data-testid="sov-name">
                {brand.name}
              </span>
              {brand.isBrand ? (
                <span className="text-xs font-normal text-subtle">(you)</span>
              ) : null}
              {brand.discovered ? (
                <span className="shrink-0 rounded-full border border-border px-1.5 text-[11px] font-normal text-subtle">
                  found in answers
                </span>
              ) : null}
            </span>
            <span className="ml-auto shrink-0 text-xs text-muted tabular-nums">
              {percent(brand.shareOfVoice)}
              <span className="text-subtle"> · named in {percent(brand.mentionRate)}</span>
            </span>
          </div>
          <div className="h-2 w-full overflow-hidden rounded-full bg-surface-3">
            <div
              className={`h-full rounded-full ${brand.isBrand ? 'bg-accent' : 'bg-subtle/45'}`}
              style={{ width: `${(brand.shareOfVoice / top) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
