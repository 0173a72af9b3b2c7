import { defineStateMachine } from './state-machine';

/** Content orders: QUEUED → GENERATING → DRAFT_READY | FAILED, or CANCELLED. */
export type OrderStatus = 'QUEUED' | 'GENERATING' | 'DRAFT_READY' | 'FAILED' | 'CANCELLED';

export const orderStatus = defineStateMachine<OrderStatus>({
  QUEUED: ['GENERATING', 'CANCELLED'],
  // Back to QUEUED between attempts, like runs.
  GENERATING: ['DRAFT_READY', 'FAILED', 'QUEUED', 'CANCELLED'],
  DRAFT_READY: [],
  // The user may retry a failed order.
  FAILED: ['QUEUED'],
  CANCELLED: [],
});

export const { canTransition, isFinal } = orderStatus;

/** Orders the worker has not finished with: the "in progress" badge. */
export const IN_PROGRESS_ORDER_STATUSES = [
  'QUEUED',
  'GENERATING',
] as const satisfies readonly OrderStatus[];
