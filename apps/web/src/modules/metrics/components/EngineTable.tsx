import { Link } from 'react-router-dom';
import { plural, rankText } from '../../../ui/format';
import { Rate } from '../../../ui/Rate';
import { ratePoints, type Verdict } from '../utils/metricsView';
import { VerdictBadge } from './VerdictBadge';

type Row = {
  engine: string;
  label: string;
  answers: number;
  score: number;
  mentionRate: { value: number; low: number; high: number };
  shareOfVoice: number;
  citationRate: number;
  averageRank: number | null;
  change: { mentionRate: number; verdict: Verdict } | null;
};

/** One row per engine (or keyword); secondary columns fold away on narrow screens. */
export function EngineTable({
  rows,
  label = 'Metrics by engine',
  heading = 'Engine',
  testIdPrefix = 'engine-row',
  empty = 'No engine answered in this range.',
  linkTo,
}: {
  /** Makes each row's name a link (the keywords table opens the keyword page). */
  linkTo?: (row: Row) => string;
  rows: readonly Row[];
  label?: string;
  heading?: string;
  testIdPrefix?: string;
  empty?: string;
}) {
  if (rows.length === 0) return <p className="px-5 py-4 text-sm text-muted">{empty}</p>;
  const th = 'px-4 py-2.5 font-medium';
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-sm">
        <thead className="border-b border-border text-xs text-subtle">
          <tr>
            <th scope="col" className={`${th} text-left`}>
              {heading}
            </th>
            <th scope="col" className={`${th} text-right`}>
              Score
            </th>
            <th scope="col" className={`${th} text-right`}>
              Mention rate
            </th>
            <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
              Share of voice
            </th>
            <th scope="col" className={`${th} hidden text-right md:table-cell`}>
              Citation rate
            </th>
            <th scope="col" className={`${th} hidden text-right md:table-cell`}>
              Avg rank
            </th>
            <th scope="col" className={`${th} text-left`}>
              Change
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border whitespace-nowrap tabular-nums">
          {rows.map((r) => (
            <tr key={r.engine} data-testid={`${testIdPrefix}-${r.engine}`}>
              <th
                scope="row"
                className="min-w-52 whitespace-normal px-4 py-2.5 text-left font-medium text-fg"
              >
                {linkTo ? (
                  <Link to={linkTo(r)} className="text-fg underline-offset-2 hover:underline">
                    {r.label}
                  </Link>
                ) : (
                  r.label
                )}
                <span className="block text-xs font-normal text-subtle">
                  {plural(r.answers, 'answer')}
                </span>
              </th>
              <td className="px-4 py-2.5 text-right text-fg">{r.score}</td>
              <td className="px-4 py-2.5 text-right text-fg">
                <Rate
                  value={r.mentionRate.value}
                  n={r.answers}
                  interval={r.mentionRate}
                  layout="stacked"
                />
              </td>
              <td className="hidden px-4 py-2.5 text-right text-fg sm:table-cell">
                <Rate value={r.shareOfVoice} n={r.answers} layout="stacked" />
              </td>
              <td className="hidden px-4 py-2.5 text-right text-fg md:table-cell">
                <Rate value={r.citationRate} n={r.answers} layout="stacked" />
              </td>
              <td className="hidden px-4 py-2.5 text-right text-fg md:table-cell">
                {r.averageRank === null ? '—' : rankText(r.averageRank)}
              </td>
              <td className="px-4 py-2.5">
                {r.change ? (
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span className="text-xs text-muted">{ratePoints(r.change.mentionRate)}</span>
                    <VerdictBadge verdict={r.change.verdict} />
                  </span>
                ) : (
                  <span className="text-xs text-subtle">nothing earlier</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
