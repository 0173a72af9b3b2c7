import { useMutation } from '@apollo/client/react';
import { toast } from 'sonner';
import { toastError } from '../../../ui/toastError';
import { CancelRunMutation, StartRunMutation } from '../graphql/runs';

/**
 * "Run now" and "Cancel": the new run becomes the brand's latest run in the cache at once (so the
 * list and the detail page show its live progress), and the history refetches.
 */
export function useRunActions() {
  const [start, starting] = useMutation(StartRunMutation, {
    refetchQueries: ['RunHistory'],
  });
  const [cancel, cancelling] = useMutation(CancelRunMutation);

  const startRun = (brand: { id: string; name: string }) =>
    start({
      variables: { brandId: brand.id },
      update(cache, { data }) {
        const run = data?.startRun;
        if (!run) return;
        cache.modify({
          id: cache.identify({ __typename: 'Brand', id: brand.id }),
          fields: {
            latestRun: (_existing, { toReference }) =>
              toReference({ __typename: 'Run', id: run.id }) ?? null,
          },
        });
      },
    })
      .then(() => {
        toast.success(`Measuring ${brand.name}…`, {
          description: 'Progress shows on the brand; we tell you when it is done.',
        });
      })
      .catch(toastError);

  const cancelRun = (runId: string) =>
    cancel({ variables: { id: runId } })
      .then(() => toast.success('Run cancelled.'))
      .catch(toastError);

  return { startRun, cancelRun, starting: starting.loading, cancelling: cancelling.loading };
}
