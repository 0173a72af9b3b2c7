// What the draft editor's publishing card offers in each draft status (docs/publishing.md,
// "Publishing a draft"). Pure, so the rules are tested without a browser.

export type DraftStatus =
  | 'DRAFT'
  | 'IN_REVIEW'
  | 'APPROVED'
  | 'SCHEDULED'
  | 'PUBLISHING'
  | 'PUBLISHED'
  | 'FAILED';

export type PublishOffer = {
  /** "Publish now" (or its equivalent for the status), or null when it cannot be pressed. */
  publish: string | null;
  canSchedule: boolean;
  canUnschedule: boolean;
  /** One sentence on where the draft stands. */
  note: string;
};

export function publishOffer(input: {
  status: DraftStatus;
  hasSite: boolean;
  outdated: boolean;
}): PublishOffer {
  const none = { publish: null, canSchedule: false, canUnschedule: false };
  if (!input.hasSite) {
    return {
      ...none,
      note: 'This draft has no WordPress site yet: choose one above to publish it; its versions stay.',
    };
  }
  switch (input.status) {
    case 'DRAFT':
    case 'IN_REVIEW':
      return { ...none, note: 'Approve the draft to publish it.' };
    case 'APPROVED':
      return {
        publish: 'Publish now',
        canSchedule: true,
        canUnschedule: false,
        note: 'Ready to publish.',
      };
    case 'SCHEDULED':
      return { publish: 'Publish now', canSchedule: true, canUnschedule: true, note: '' };
    case 'PUBLISHING':
      return { ...none, note: 'Publishing to WordPress…' };
    case 'PUBLISHED':
      return {
        publish: 'Update from latest draft',
        canSchedule: false,
        canUnschedule: false,
        note: input.outdated
          ? 'The draft changed since it was published.'
          : 'The post holds the latest version.',
      };
    case 'FAILED':
      return {
        publish: 'Try again',
        canSchedule: false,
        canUnschedule: false,
        note: 'Publishing failed.',
      };
  }
}

/** `<input type="datetime-local">`'s value for a Date, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The earliest time the API accepts, rounded up to the next minute, plus a little slack. */
export function earliestSchedule(now: Date): Date {
  const next = new Date(now.getTime() + 2 * 60_000);
  next.setSeconds(0, 0);
  return next;
}
