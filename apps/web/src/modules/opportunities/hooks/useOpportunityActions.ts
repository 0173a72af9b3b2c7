import { useApolloClient, useMutation } from '@apollo/client/react';
import type { OpportunityStatus } from '@lumen/schema/generated/graphql';
import { useState } from 'react';
import { toast } from 'sonner';
import { toastError } from '../../../ui/toastError';
import { SetOpportunityStatusMutation } from '../graphql/opportunities';
import { STATUS_LABEL } from '../utils/opportunityView';

// Every list that shows opportunities or their counts is re-read after a move, so the page,
// the board's columns and the sidebar badge agree.
const REFETCH = ['Opportunities', 'NavigationCounts', 'OpportunityStats', 'OpportunityDetail'];

/** Moves one or several opportunities; a toast says what happened, errors included. */
export function useOpportunityActions() {
  const [mutate] = useMutation(SetOpportunityStatusMutation);
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);

  async function move(ids: readonly string[], status: OpportunityStatus, note?: string) {
    setBusy(true);
    let moved = 0;
    try {
      for (const id of ids) {
        try {
          await mutate({ variables: { id, status, note: note ?? null } });
          moved++;
        } catch (error) {
          toastError(error);
        }
      }
      if (moved > 0) {
        // One refetch after the batch rather than one per mutation.
        await client.refetchQueries({ include: REFETCH });
        toast.success(
          moved === 1
            ? `Moved to ${STATUS_LABEL[status]}`
            : `${moved} opportunities moved to ${STATUS_LABEL[status]}`,
        );
      }
      return moved;
    } finally {
      setBusy(false);
    }
  }

  return { move, busy };
}
