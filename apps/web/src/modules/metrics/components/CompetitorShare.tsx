import { percent, rankText } from '../../../ui/format';
import { Rate } from '../../../ui/Rate';

type Row = {
  entityId: string;
  name: string;
  kind: 'BRAND' | 'COMPETITOR';
  answers: number;
  shareOfVoice: number;
  mentionRate: { value: number };
  averageRank: number | null;
};

/** Share-of-voice bars: the brand in the accent colour, competitors in a muted one. Text first. */
export function CompetitorShare({ rows }: { rows: readonly Row[] }) {
  if (rows.length <= 1) {
    return (
      <p className="text-sm text-muted">
        Add competitors to the brand to compare its share of voice with theirs.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="Share of voice by brand">
      {rows.map((r) => (
        <li key={r.entityId} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span
              className={`truncate ${r.kind === 'BRAND' ? 'font-semibold text-fg' : 'text-fg'}`}
            >
              {r.name}
              {r.kind === 'BRAND' ? (
                <span className="ml-1.5 text-xs font-normal text-accent-text">you</span>
              ) : null}
            </span>
            <span className="shrink-0 text-fg">
              <Rate value={r.shareOfVoice} n={r.answers} />
            </span>
          </div>
          <div
            className="h-1.5 w-full overflow-hidden rounded-full bg-surface-3"
            aria-hidden="true"
          >
            <div
              className={`h-full rounded-full ${r.kind === 'BRAND' ? 'bg-accent' : 'bg-subtle/60'}`}
              style={{ width: `${Math.max(r.shareOfVoice * 100, r.shareOfVoice > 0 ? 1 : 0)}%` }}
            />
          </div>
          <p className="text-xs tabular-nums text-subtle">
            named in {percent(r.mentionRate.value)} of answers ·{' '}
            {r.averageRank === null ? 'never named' : `avg rank ${rankText(r.averageRank)}`}
          </p>
        </li>
      ))}
    </ol>
  );
}
