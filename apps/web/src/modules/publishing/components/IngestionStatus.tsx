import { useMutation } from '@apollo/client/react';
import type { IngestStatus } from '@lumen/domain/status/ingest-status';
import { AlertTriangle, CircleCheck, Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { timeAgo } from '../../../ui/format';
import { toastError } from '../../../ui/toastError';
import { ReingestPublishedItemMutation } from '../graphql/publishedItems';
import { ingestionView } from '../utils/publishedView';

type Ingestion = {
  status: IngestStatus;
  error?: string | null;
  readAt?: unknown;
};

/** "Read again": the page is read into the corpus once more (docs/closed-loop.md). */
function ReadAgainButton({ itemId }: { itemId: string }) {
  const [reingest] = useMutation(ReingestPublishedItemMutation);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await reingest({ variables: { id: itemId } });
      toast.success('Reading the page again');
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={busy}
      onClick={() => void run()}
    >
      <RotateCcw aria-hidden="true" size={14} className={busy ? 'animate-spin' : ''} />
      Read again
    </button>
  );
}

/**
 * Where the published page's reading stands, said plainly: waiting, reading (live), read, or
 * could not be read with the reason and "Read again".
 */
export function IngestionStatus({
  itemId,
  ingestion,
  compact = false,
}: {
  itemId: string;
  ingestion: Ingestion;
  compact?: boolean;
}) {
  const view = ingestionView(ingestion);
  const Icon = view.live ? Loader2 : view.tone === 'danger' ? AlertTriangle : CircleCheck;
  const colour =
    view.tone === 'danger'
      ? 'text-danger'
      : view.tone === 'success'
        ? 'text-success'
        : 'text-muted';
  const label =
    ingestion.status === 'READ' && ingestion.readAt
      ? `${view.label} ${timeAgo(String(ingestion.readAt))}`
      : view.label;
  return (
    <div
      role={view.tone === 'danger' ? 'alert' : 'status'}
      data-testid="ingestion-status"
      className={
        compact
          ? 'flex max-w-xs flex-col items-start gap-1 text-xs'
          : 'flex flex-col gap-2 rounded-lg border border-border bg-surface px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between'
      }
    >
      <div className="flex min-w-0 items-start gap-2">
        <Icon
          aria-hidden="true"
          size={compact ? 12 : 16}
          className={`mt-0.5 shrink-0 ${colour} ${view.live ? 'animate-spin' : ''}`}
        />
        <p className="min-w-0 break-words">
          <span className={`font-medium ${colour}`}>{label}</span>
          {view.detail ? <span className="text-muted">: {view.detail}</span> : null}
        </p>
      </div>
      {view.tone === 'danger' || (!compact && view.canReadAgain) ? (
        <ReadAgainButton itemId={itemId} />
      ) : null}
    </div>
  );
}
