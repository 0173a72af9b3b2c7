import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { ScanSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/Spinner';
import { toastError } from '../../../ui/toastError';
import { AnalyzeGapsMutation, GapAnalysisQuery } from '../graphql/opportunities';

/**
 * Analyses a brand's gaps again from its latest run, with the job's progress on the button
 * until it is done; then the lists re-read and a toast says what changed.
 */
export function AnalyzeGapsButton({ brandId }: { brandId: string }) {
  const client = useApolloClient();
  const [start, started] = useMutation(AnalyzeGapsMutation);
  const [runId, setRunId] = useState<string | null>(null);
  const poll = useQuery(GapAnalysisQuery, {
    variables: { runId: runId ?? '' },
    skip: !runId,
    pollInterval: 500,
    fetchPolicy: 'network-only',
  });
  const state = poll.data?.run?.gapAnalysis;
  const finished = state?.status === 'COMPLETED' || state?.status === 'FAILED';

  useEffect(() => {
    if (!runId || !state || !finished) return;
    setRunId(null);
    if (state.status === 'FAILED') {
      toast.error('Gap analysis failed', { description: 'Try again in a minute.' });
      return;
    }
    const changed = [
      state.created ? `${state.created} new` : null,
      state.reopened ? `${state.reopened} reopened` : null,
      state.resolved ? `${state.resolved} resolved` : null,
      state.updated ? `${state.updated} refreshed` : null,
    ].filter(Boolean);
    toast.success('Gaps analysed', {
      description: changed.length ? changed.join(', ') : 'No gaps in the latest run.',
    });
    void client.refetchQueries({
      include: ['Opportunities', 'NavigationCounts', 'OpportunityStats'],
    });
  }, [runId, state, finished, client]);

  const working = started.loading || Boolean(runId);
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={working}
      onClick={async () => {
        try {
          const result = await start({ variables: { brandId } });
          setRunId(result.data?.analyzeGaps.id ?? null);
        } catch (error) {
          toastError(error);
        }
      }}
    >
      {working ? (
        <Spinner label="Analysing" size={16} />
      ) : (
        <ScanSearch aria-hidden="true" size={16} />
      )}
      {working ? `Analysing… ${state?.progress ?? 0}%` : 'Analyse gaps'}
    </button>
  );
}
