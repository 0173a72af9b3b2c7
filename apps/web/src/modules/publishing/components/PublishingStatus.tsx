import type { DraftStatus, OrderStatus } from '@lumen/schema/generated/graphql';
import { LoaderCircle } from 'lucide-react';
import {
  DRAFT_STATUS_LABEL,
  draftTone,
  ORDER_STATUS_LABEL,
  orderTone,
  type Tone,
} from '../utils/draftView';

const TONE: Record<Tone, string> = {
  neutral: 'bg-surface-3 text-muted',
  progress: 'bg-warning/10 text-warning',
  success: 'bg-success/10 text-success',
  danger: 'bg-danger-soft text-danger',
};

const pill =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export function OrderStatusBadge({
  status,
  testId = 'order-status',
}: {
  status: OrderStatus;
  testId?: string;
}) {
  const busy = status === 'QUEUED' || status === 'GENERATING';
  return (
    <span data-testid={testId} className={`${pill} ${TONE[orderTone(status)]}`}>
      {busy ? <LoaderCircle aria-hidden="true" size={12} className="animate-spin" /> : null}
      {ORDER_STATUS_LABEL[status]}
    </span>
  );
}

export function DraftStatusBadge({ status }: { status: DraftStatus }) {
  return (
    <span data-testid="draft-status" className={`${pill} ${TONE[draftTone(status)]}`}>
      {DRAFT_STATUS_LABEL[status]}
    </span>
  );
}
