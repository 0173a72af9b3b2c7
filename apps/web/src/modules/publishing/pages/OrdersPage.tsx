import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import type { OrderRowFragment as Order } from '@lumen/schema/generated/graphql';
import { FileText, PackageOpen, RotateCcw, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useLiveList } from '../../../app/live/useLiveQuery';
import { buttonClass } from '../../../ui/button';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { toastError } from '../../../ui/toastError';
import { OrderStatusBadge } from '../components/PublishingStatus';
import { CancelOrderMutation, OrdersQuery, RetryOrderMutation } from '../graphql/orders';
import { useLiveOrder } from '../hooks/useLiveOrder';
import { isOpenOrder, writerLabel } from '../utils/draftView';

/** Follows the order live while the worker writes it (one subscription per open row). */
function Follow({ order, live, onError }: { order: Order; live: boolean; onError: () => void }) {
  useLiveOrder(order.id, order.status, { enabled: live, onError });
  return null;
}

/**
 * A few open orders are followed by their own subscription; more than that (each stream counts
 * against the per-address limit) or a stream that fails, and the page polls the list instead.
 */
const MAX_STREAMS = 4;
const POLL_MS = 3000;

function StatusCell({ order, narrow = false }: { order: Order; narrow?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <OrderStatusBadge
        status={order.status}
        {...(narrow ? { testId: 'order-status-narrow' } : {})}
      />
      {order.status === 'FAILED' && order.error ? (
        <p className="max-w-xs text-xs break-words text-danger">{order.error}</p>
      ) : null}
    </div>
  );
}

function OrderActions({ order, narrow = false }: { order: Order; narrow?: boolean }) {
  const [cancel, cancelling] = useMutation(CancelOrderMutation, {
    refetchQueries: ['NavigationCounts'],
  });
  const [retry, retrying] = useMutation(RetryOrderMutation, {
    refetchQueries: ['NavigationCounts'],
  });
  const title = order.opportunity?.title ?? 'this order';
  return (
    <div className={`flex flex-wrap gap-1 ${narrow ? 'justify-start' : 'justify-end'}`}>
      {order.draft ? (
        <Link
          to={`/publishing/drafts/${order.draft.id}`}
          className={`${buttonClass.secondary} h-8 px-3`}
          aria-label={`Open the draft for ${title}`}
        >
          <FileText aria-hidden="true" size={14} />
          Open draft
        </Link>
      ) : null}
      {isOpenOrder(order.status) ? (
        <button
          type="button"
          className={`${buttonClass.ghost} h-8`}
          disabled={cancelling.loading}
          aria-label={`Cancel the order for ${title}`}
          onClick={async () => {
            try {
              await cancel({ variables: { id: order.id } });
              toast.success('Order cancelled');
            } catch (e) {
              toastError(e);
            }
          }}
        >
          <X aria-hidden="true" size={14} />
          Cancel
        </button>
      ) : null}
      {order.status === 'FAILED' ? (
        <button
          type="button"
          className={`${buttonClass.secondary} h-8 px-3`}
          disabled={retrying.loading}
          aria-label={`Retry the order for ${title}`}
          onClick={async () => {
            try {
              await retry({ variables: { id: order.id } });
            } catch (e) {
              toastError(e);
            }
          }}
        >
          <RotateCcw aria-hidden="true" size={14} />
          Retry
        </button>
      ) : null}
    </div>
  );
}

export function OrdersPage() {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(OrdersQuery, {
    variables: { first: 100 },
    fetchPolicy: 'cache-and-network',
  });
  const rows = data?.orders.edges.map((e) => e.node) ?? null;
  const open = rows?.filter((o) => isOpenOrder(o.status)).length ?? 0;
  const {
    streams: live,
    polling,
    onStreamError,
  } = useLiveList(
    { startPolling, stopPolling },
    { open, maxStreams: MAX_STREAMS, pollMs: POLL_MS },
  );
  // While polling, an order that finished changes the sidebar's counts: read them again.
  const client = useApolloClient();
  const lastOpen = useRef(open);
  useEffect(() => {
    if (polling && open < lastOpen.current) {
      void client.refetchQueries({ include: ['NavigationCounts'] });
    }
    lastOpen.current = open;
  }, [open, polling, client]);

  const columns: Column<Order>[] = [
    {
      key: 'opportunity',
      header: 'Opportunity',
      sortValue: (o) => o.opportunity?.title ?? '',
      cell: (o) => (
        <div className="min-w-0">
          <Follow order={o} live={live} onError={onStreamError} />
          {o.opportunity ? (
            <Link
              to={`/opportunities/${o.opportunity.id}`}
              className="font-medium break-words text-fg hover:underline"
            >
              {o.opportunity.title}
            </Link>
          ) : (
            <span className="text-muted">Opportunity removed</span>
          )}
          <p className="text-xs text-subtle">
            {[o.opportunity?.brandName, o.template?.name].filter(Boolean).join(' · ')}
          </p>
          {/* Narrow windows: status and actions under the title instead of in their columns. */}
          <div className="mt-2 flex flex-col items-start gap-2 sm:hidden">
            <StatusCell order={o} narrow />
            <OrderActions order={o} narrow />
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      wide: true,
      sortValue: (o) => o.status,
      cell: (o) => <StatusCell order={o} />,
    },
    {
      key: 'site',
      header: 'Site',
      wide: true,
      sortValue: (o) => o.site?.name ?? '',
      cell: (o) => <span className="text-muted">{o.site?.name ?? 'None yet'}</span>,
    },
    {
      key: 'writer',
      header: 'Writer',
      wide: true,
      cell: (o) => <span className="text-xs text-muted">{writerLabel(o.writer)}</span>,
    },
    {
      key: 'created',
      header: 'Ordered',
      wide: true,
      sortValue: (o) => o.createdAt,
      cell: (o) => (
        <time dateTime={o.createdAt} className="text-xs whitespace-nowrap text-muted">
          {timeAgo(o.createdAt)}
        </time>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      wide: true,
      cell: (o) => <OrderActions order={o} />,
    },
  ];

  return (
    <Page>
      <PageHeader
        title="Orders"
        description="Content being written for an opportunity from a template. Each order’s status changes here as the worker writes it."
      />
      <DataTable
        label="Orders"
        columns={columns}
        rows={rows}
        rowKey={(o) => o.id}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        empty={
          <EmptyState
            icon={PackageOpen}
            title="No orders yet"
            action={
              <Link to="/publishing/opportunities" className={buttonClass.primary}>
                Browse opportunities
              </Link>
            }
          >
            Open an opportunity and choose “Create content”: pick a template and a site, and Lumen
            writes the draft.
          </EmptyState>
        }
      />
    </Page>
  );
}
