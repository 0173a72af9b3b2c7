import type { OpportunityStatus } from '@lumen/schema/generated/graphql';
import { useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { useOpportunityActions } from '../hooks/useOpportunityActions';
import { allowedTargets } from '../utils/opportunityView';
import { DismissDialog } from './DismissDialog';

/**
 * Plan or dismiss the selected opportunities; each button counts only the rows that may move
 * there. Shown while something is selected; the dismiss dialog asks for a reason.
 */
export function BulkActions({
  selectedRows,
  onDone,
}: {
  selectedRows: readonly { id: string; status: OpportunityStatus }[];
  onDone: () => void;
}) {
  const [dismissing, setDismissing] = useState(false);
  const actions = useOpportunityActions();
  const can = (to: OpportunityStatus) =>
    selectedRows.filter((r) => allowedTargets(r.status).includes(to)).map((r) => r.id);
  return (
    <>
      {selectedRows.length > 0 ? (
        <section
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm"
        >
          <span className="text-fg">{selectedRows.length} selected</span>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={actions.busy || can('PLANNED').length === 0}
            onClick={async () => {
              await actions.move(can('PLANNED'), 'PLANNED');
              onDone();
            }}
          >
            Plan ({can('PLANNED').length})
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={actions.busy || can('DISMISSED').length === 0}
            onClick={() => setDismissing(true)}
          >
            Dismiss ({can('DISMISSED').length})
          </button>
          <button type="button" className={buttonClass.ghost} onClick={onDone}>
            Clear
          </button>
        </section>
      ) : null}
      <DismissDialog
        open={dismissing}
        count={can('DISMISSED').length}
        busy={actions.busy}
        onCancel={() => setDismissing(false)}
        onConfirm={async (reason) => {
          await actions.move(can('DISMISSED'), 'DISMISSED', reason);
          setDismissing(false);
          onDone();
        }}
      />
    </>
  );
}
