// What the notification channels screen says about events and deliveries (docs/notifications.md).

const EVENT_CHOICES: readonly { type: string; label: string; sent: boolean }[] = [
  { type: 'score.moved', label: 'Score moved', sent: true },
  { type: 'mention_rate.moved', label: 'Mention rate moved', sent: true },
  { type: 'share_of_voice.moved', label: 'Share of voice moved', sent: true },
  { type: 'competitor.overtook', label: 'A competitor overtook the brand', sent: true },
  { type: 'citation.lost', label: 'Own page no longer cited', sent: true },
  { type: 'citation.gained', label: 'Own page newly cited', sent: true },
  { type: 'opportunity.created', label: 'New opportunity above the threshold', sent: true },
  { type: 'budget.warning', label: 'Budget 80 % spent', sent: true },
  { type: 'budget.reached', label: 'Budget spent', sent: true },
  { type: 'run.failed', label: 'Run failed', sent: true },
  { type: 'run.partial', label: 'Run partly failed', sent: true },
  { type: 'publish.failed', label: 'Publishing failed', sent: true },
  { type: 'ingestion.failed', label: 'Page reading failed', sent: true },
];

/** What a Slack channel or webhook can choose: the events, and the workspace's weekly digest. */
export const CHANNEL_CHOICES: readonly { type: string; label: string; sent: boolean }[] = [
  ...EVENT_CHOICES,
  { type: 'digest', label: 'Weekly digest (Mondays, 08:00 UTC)', sent: true },
];

/**
 * What a person can choose by email: the events, and for owners the warning that a webhook or
 * Slack channel was turned off (only owners are sent it).
 */
export function emailChoices(owner: boolean): readonly { type: string; label: string }[] {
  return owner
    ? [
        ...EVENT_CHOICES,
        { type: 'webhook.disabled', label: 'A webhook or Slack channel was turned off' },
      ]
    : EVENT_CHOICES;
}

/** The events a new channel starts with: failures, as a new workspace's email default. */
export const DEFAULT_EVENTS = ['run.failed', 'publish.failed', 'ingestion.failed'];

export type DeliveryLike = {
  ok: boolean;
  statusCode?: number | null;
  durationMs: number;
  response: string;
};

/** One line of the delivery log: "200 in 35 ms", "500 in 12 ms", "No answer: TIMEOUT". */
export function deliveryOutcome(d: DeliveryLike): { label: string; tone: 'success' | 'danger' } {
  const tone = d.ok ? 'success' : 'danger';
  if (d.statusCode == null) {
    const reason = d.response.split(':')[0] || 'no answer';
    return { label: `No answer (${reason})`, tone };
  }
  return { label: `${d.statusCode} in ${d.durationMs} ms`, tone };
}

export function toggle(list: readonly string[], item: string): string[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}
