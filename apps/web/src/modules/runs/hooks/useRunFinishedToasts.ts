import { useSubscription } from '@apollo/client/react';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { RunFinishedSubscription } from '../graphql/runs';
import { isCancelled, runOutcome, shouldToastFinishedRun } from '../utils/runView';

/**
 * One subscription for the signed-in app: when a run of the workspace finishes while the person
 * is elsewhere, a toast says how it went with a link to it. On the brand's own pages the run
 * panel already shows it. The finished run also lands in Apollo's cache, so lists update.
 */
export function useRunFinishedToasts() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const where = useRef(pathname);
  where.current = pathname;

  useSubscription(RunFinishedSubscription, {
    onData: ({ data }) => {
      const run = data.data?.runFinished;
      if (!run || isCancelled(run)) return;
      const brand = run.brand;
      if (!shouldToastFinishedRun(where.current, brand?.id)) return;
      const title = `${brand?.name ?? 'A brand'}: run ${run.status === 'COMPLETED' ? 'finished' : 'failed'}`;
      const options = {
        description: runOutcome(run),
        ...(brand
          ? {
              action: {
                label: 'View',
                onClick: () => navigate(`/campaigns/${brand.id}/runs/${run.id}`),
              },
            }
          : {}),
      };
      if (run.status === 'COMPLETED') toast.success(title, options);
      else toast.error(title, options);
    },
    // Toasts are a courtesy: without the stream the pages still show every run's state.
    onError: () => {},
  });
}
