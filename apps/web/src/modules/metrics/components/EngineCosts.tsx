import { costText, plural } from '../../../ui/format';

type Row = {
  engine: string;
  label: string;
  answers: number;
  costUsd: number;
  unpricedAnswers: number;
};

/**
 * What the brand's answers cost per engine over the range (`Brand.costByEngine`,
 * docs/engines.md "On the pages"), under the per-engine table.
 */
export function EngineCosts({ rows }: { rows: readonly Row[] }) {
  if (rows.length === 0) return null;
  const total = {
    usd: rows.reduce((sum, r) => sum + r.costUsd, 0),
    unpricedAnswers: rows.reduce((sum, r) => sum + r.unpricedAnswers, 0),
  };
  return (
    <div className="border-t border-border px-4 py-3 text-xs text-muted" data-testid="brand-costs">
      <p>
        Cost in this range:{' '}
        <span className="font-medium text-fg tabular-nums">{costText(total)}</span>
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {rows.map((r) => (
          <li key={r.engine} className="tabular-nums">
            <span className="text-fg">{r.label}</span>{' '}
            {costText({ usd: r.costUsd, unpricedAnswers: r.unpricedAnswers })} ·{' '}
            {plural(r.answers, 'answer')}
          </li>
        ))}
      </ul>
    </div>
  );
}
