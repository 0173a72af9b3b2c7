import { useQuery } from '@apollo/client/react';
import { Calculator } from 'lucide-react';
import { RunEstimateQuery } from '../graphql/estimate';
import { estimateView } from '../utils/estimateView';

/**
 * The brand form's estimate of one run, from what is being typed: its engines and samples, and
 * its prompts (a saved brand's active ones; a new brand's generated ones) — docs/engines.md,
 * "Estimates". Nothing is spent to ask.
 */
export function RunEstimate({
  brandId,
  engines,
  samples,
  prompts,
}: {
  brandId: string | null;
  engines: string[];
  samples: number;
  /** Null: the saved brand's active prompts. */
  prompts: number | null;
}) {
  const { data, previousData, error } = useQuery(RunEstimateQuery, {
    variables: { brandId, engines, samples, prompts },
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;
  const view = shown ? estimateView(shown.costEstimate, shown.currentWorkspace.usage.budget) : null;
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-muted"
      data-testid="form-estimate"
      aria-live="polite"
    >
      <Calculator aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-subtle" />
      <span>
        {view ? (
          <>
            Each run: <span className="text-fg tabular-nums">{view.text}</span>
            {prompts === null ? '' : ' (the prompts its keywords generate)'}.
            {view.budgetWarning ? (
              <span className="block text-warning">{view.budgetWarning}</span>
            ) : null}
          </>
        ) : error ? (
          'The estimate could not be read; saving still works.'
        ) : (
          'Estimating what each run costs…'
        )}
      </span>
    </p>
  );
}
