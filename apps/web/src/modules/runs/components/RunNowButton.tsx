import { useQuery } from '@apollo/client/react';
import { Radar } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { RunEstimateQuery } from '../graphql/estimate';
import { useRunActions } from '../hooks/useRunActions';
import { estimateView } from '../utils/estimateView';
import { isOpenRun } from '../utils/runView';

/**
 * Starts a manual run; disabled (with the reason) while the brand already has one open. Beside
 * it, what the run would ask and cost, and whether the month's budget has room for it, before
 * anything is spent (docs/engines.md, "Estimates"); a run past the budget asks first. The icon
 * of a list row has no room beside it: it asks first with the same estimate, read on the click
 * (one estimate per row up front would be a query per brand).
 */
export function RunNowButton({
  brand,
  variant = 'secondary',
  align = 'start',
}: {
  brand: { id: string; name: string; latestRun?: { status: string } | null };
  variant?: 'secondary' | 'primary' | 'icon';
  align?: 'start' | 'end';
}) {
  const { startRun, starting } = useRunActions();
  const [confirming, setConfirming] = useState(false);
  const icon = variant === 'icon';
  const estimate = useQuery(RunEstimateQuery, {
    variables: { brandId: brand.id },
    skip: icon && !confirming,
    fetchPolicy: 'cache-and-network',
  });
  const open = Boolean(brand.latestRun && isOpenRun(brand.latestRun.status));
  const label = open ? 'Run in progress' : 'Run now';
  const view = estimate.data
    ? estimateView(estimate.data.costEstimate, estimate.data.currentWorkspace.usage.budget)
    : null;
  const button = (
    <button
      type="button"
      className={buttonClass[variant]}
      disabled={starting || open}
      aria-label={variant === 'icon' ? `Run ${brand.name} now` : undefined}
      aria-describedby={view ? `run-estimate-${brand.id}` : undefined}
      title={
        open ? 'This brand is being measured now' : `Ask every engine ${brand.name}’s prompts now`
      }
      onClick={() => (icon || view?.budgetWarning ? setConfirming(true) : void startRun(brand))}
    >
      <Radar aria-hidden="true" size={16} />
      {icon ? null : label}
    </button>
  );
  if (icon) {
    return (
      <>
        {button}
        <ConfirmDialog
          open={confirming}
          title={`Run ${brand.name} now?`}
          confirmLabel={view?.budgetWarning ? 'Run anyway' : 'Run now'}
          cancelLabel="Not now"
          busy={starting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void startRun(brand).finally(() => setConfirming(false))}
        >
          <p data-testid="run-estimate">
            {view
              ? `This run would ask ${view.text}.`
              : estimate.error
                ? 'The estimate could not be read; the run can still start.'
                : 'Reading what this run would ask…'}
          </p>
          {view?.budgetWarning ? (
            <p className="mt-2 text-warning">
              {view.budgetWarning} The run finishes with the answers that fit and says how many were
              not asked.
            </p>
          ) : null}
        </ConfirmDialog>
      </>
    );
  }
  return (
    <span
      className={`inline-flex max-w-72 flex-col gap-1 ${align === 'end' ? 'items-end text-right' : 'items-start'}`}
    >
      {button}
      {view ? (
        <span
          id={`run-estimate-${brand.id}`}
          className="text-xs text-subtle tabular-nums"
          data-testid="run-estimate"
        >
          {view.text}
          {view.budgetWarning ? (
            <span className="block text-warning">{view.budgetWarning}</span>
          ) : null}
        </span>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Run past the budget?"
        confirmLabel="Run anyway"
        cancelLabel="Not now"
        busy={starting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void startRun(brand).finally(() => setConfirming(false))}
      >
        <p>
          This run would ask {view?.text}. {view?.budgetWarning} The run finishes with the answers
          that fit and says how many were not asked.
        </p>
      </ConfirmDialog>
    </span>
  );
}
