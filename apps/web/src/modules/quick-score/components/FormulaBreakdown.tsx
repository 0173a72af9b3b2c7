import { percent } from '../../../ui/format';
import { formatPoints, type ScoreTerm } from '../utils/scoreTerms';

export function FormulaBreakdown({
  terms,
  score,
  text,
  note = 'Rates are measured over every answer.',
}: {
  terms: ScoreTerm[];
  score: number;
  text: string;
  /** A line after the formula: what the values are measured over. */
  note?: string;
}) {
  const total = terms.reduce((sum, term) => sum + term.points, 0);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <h3 className="text-sm font-semibold text-fg">How the score is made</h3>
      <table className="w-full text-sm">
        <caption className="sr-only">
          Each weighted term and the points it adds to the score
        </caption>
        <thead>
          <tr className="text-left text-xs text-subtle">
            <th scope="col" className="pb-1.5 font-medium">
              Term
            </th>
            <th scope="col" className="pb-1.5 text-right font-medium">
              Value
            </th>
            <th scope="col" className="pb-1.5 text-right font-medium">
              Weight
            </th>
            <th scope="col" className="pb-1.5 text-right font-medium">
              Points
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {terms.map((term) => (
            <tr key={term.key} className="border-t border-border">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal text-muted">
                {term.name}
              </th>
              <td className="whitespace-nowrap py-1.5 pl-2 text-right text-fg">
                {percent(term.value)}
              </td>
              <td className="whitespace-nowrap py-1.5 pl-2 text-right text-muted">
                × {term.weight.toFixed(2)}
              </td>
              <td className="whitespace-nowrap py-1.5 pl-2 text-right font-medium text-fg">
                {formatPoints(term.points)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="tabular-nums">
          <tr className="border-t border-border-strong">
            <th scope="row" colSpan={3} className="py-1.5 text-left font-medium text-fg">
              Score, rounded
            </th>
            <td className="py-1.5 text-right font-semibold text-fg">
              <span className="sr-only">{formatPoints(total)} rounds to </span>
              {score}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="text-xs text-subtle">{`${text}. ${note}`}</p>
    </div>
  );
}
