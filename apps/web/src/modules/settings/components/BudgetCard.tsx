import { useMutation } from '@apollo/client/react';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import type { WorkspaceRole, WorkspaceUsageQuery } from '@lumen/schema/generated/graphql';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { costText, formatMoment, usd } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { SettingsCard } from '../../team/components/SettingsCard';
import { domainRole } from '../../team/utils/roles';
import { SetMonthlyBudgetMutation, UsageQuery } from '../graphql/account';
import { BUDGET_WARNING_PERCENT, budgetBar, parseBudgetInput } from '../utils/usageView';

type Usage = WorkspaceUsageQuery['currentWorkspace']['usage'];

const TONE = { ok: 'bg-accent', warning: 'bg-warning', over: 'bg-danger' } as const;
const TEXT_TONE = { ok: 'text-fg', warning: 'text-warning', over: 'text-danger' } as const;

/**
 * Settings → Usage and budget: what the month's answers cost, and the monthly budget that stops
 * new paid answers at 100 % (docs/engines.md, "Budget"). Owners and admins set or remove it;
 * everyone else reads it.
 */
export function BudgetCard({
  workspaceId,
  role,
  usage,
  thisMonth,
}: {
  workspaceId: string;
  role: WorkspaceRole;
  usage: Usage;
  thisMonth: boolean;
}) {
  const canEdit = teamAllows(domainRole(role), 'setBudget');
  const { budget, cost } = usage;
  const bar =
    budget.budgetUsd === null ? null : budgetBar({ ...budget, budgetUsd: budget.budgetUsd });
  return (
    <SettingsCard title="Cost and budget">
      <div className="flex flex-col gap-4 py-3" data-testid="usage-budget">
        <p className="text-sm text-muted">
          {thisMonth ? 'This month' : `In ${usage.month}`}, answers cost{' '}
          <span className="font-medium text-fg tabular-nums" data-testid="usage-cost">
            {costText(cost)}
          </span>
          , by the price table when each was stored. The local engine is free; a model without a
          price is counted apart, not as free.
        </p>
        {bar && budget.budgetUsd !== null ? (
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
              <span className="text-fg">
                {thisMonth ? 'Spent of the monthly budget' : 'Spent against today’s budget'}
              </span>
              <span className="tabular-nums text-muted">
                <span className={TEXT_TONE[bar.tone]}>{usd(budget.spentUsd)}</span> of{' '}
                {usd(budget.budgetUsd)} ({bar.usedPercent}&nbsp;%)
              </span>
            </div>
            {/* The figures above say it in words; the bar and its 80 % mark are for the eye. */}
            <div aria-hidden="true" className="relative pt-1">
              <span className="flex h-2.5 overflow-hidden rounded-full bg-surface-3">
                <span
                  className={`block h-full ${TONE[bar.tone]}`}
                  style={{ width: `${bar.spentPercent}%` }}
                />
                <span
                  className={`block h-full opacity-40 ${TONE[bar.tone]}`}
                  style={{ width: `${bar.heldPercent}%` }}
                />
              </span>
              <span
                className="absolute top-0 h-4.5 w-0.5 -translate-x-1/2 rounded bg-warning"
                style={{ left: `${BUDGET_WARNING_PERCENT}%` }}
              />
            </div>
            <div className="flex flex-wrap justify-between gap-x-3 text-xs text-subtle">
              <span>
                {budget.heldUsd > 0
                  ? `${usd(budget.heldUsd)} held for answers being asked now`
                  : 'Nothing held for answers in flight'}
              </span>
              <span>Warning at {BUDGET_WARNING_PERCENT}&nbsp;%</span>
            </div>
            {budget.reachedAt ? (
              <p className="text-sm text-danger" role="status">
                Budget reached {formatMoment(String(budget.reachedAt))}: no new paid answer starts
                {thisMonth ? ' until next month (UTC) or until the budget is raised' : ''}. Runs
                finish with the answers that fit and say how many were not asked.
              </p>
            ) : bar.tone === 'over' ? (
              <p className="text-sm text-danger" role="status">
                Over the budget: no new paid answer starts
                {thisMonth ? ' until next month (UTC) or until the budget is raised' : ''}.
              </p>
            ) : budget.warnedAt ? (
              <p className="text-sm text-warning" role="status">
                {BUDGET_WARNING_PERCENT}&nbsp;% reached {formatMoment(String(budget.warnedAt))}. At
                100&nbsp;% no new paid answer starts.
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted" data-testid="no-budget">
            No monthly budget: paid answers are not capped.
            {canEdit ? ' Set one to stop new paid answers when it is spent.' : ''}
          </p>
        )}
        {canEdit ? (
          <BudgetForm workspaceId={workspaceId} current={budget.budgetUsd} />
        ) : (
          <p className="text-xs text-subtle">Owners and admins set the monthly budget.</p>
        )}
      </div>
    </SettingsCard>
  );
}

function BudgetForm({ workspaceId, current }: { workspaceId: string; current: number | null }) {
  const [text, setText] = useState(current === null ? '' : current.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [setBudget, { loading }] = useMutation(SetMonthlyBudgetMutation, {
    refetchQueries: [UsageQuery],
    awaitRefetchQueries: true,
  });
  const inputId = useId();
  const errorId = useId();

  const save = async (usdValue: number | null) => {
    setError(null);
    try {
      await setBudget({ variables: { workspaceId, usd: usdValue } });
      toast.success(
        usdValue === null ? 'Monthly budget removed.' : `Monthly budget set to ${usd(usdValue)}.`,
      );
      if (usdValue === null) setText('');
    } catch (e) {
      const feedback = readGraphQLError(e);
      setError(feedback.fields.usd ?? feedback.message);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBudgetInput(text);
    if ('error' in parsed) setError(parsed.error);
    else void save(parsed.usd);
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="text-xs text-muted">
        Monthly budget (US dollars)
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative w-40">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-subtle">
            $
          </span>
          <input
            id={inputId}
            inputMode="decimal"
            className={`${inputClass} pl-6 tabular-nums`}
            value={text}
            placeholder="50"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={loading}>
          {current === null ? 'Set budget' : 'Save budget'}
        </button>
        {current === null ? null : (
          <button
            type="button"
            className={buttonClass.ghost}
            disabled={loading}
            onClick={() => void save(null)}
          >
            Remove budget
          </button>
        )}
      </div>
      <div id={errorId}>
        <FormAlert message={error} />
      </div>
    </form>
  );
}
