import { describe, expect, it } from 'vitest';
import { type DraftStatus, earliestSchedule, publishOffer, toLocalInput } from './publishControls';

describe('publishOffer', () => {
  it.each<[DraftStatus, string | null, boolean, boolean]>([
    ['DRAFT', null, false, false],
    ['IN_REVIEW', null, false, false],
    ['APPROVED', 'Publish now', true, false],
    ['SCHEDULED', 'Publish now', true, true],
    ['PUBLISHING', null, false, false],
    ['PUBLISHED', 'Update from latest draft', false, false],
    ['FAILED', 'Try again', false, false],
  ])('%s → publish %s, schedule %s, unschedule %s', (status, publish, schedule, unschedule) => {
    const offer = publishOffer({ status, hasSite: true, outdated: false });
    expect([offer.publish, offer.canSchedule, offer.canUnschedule]).toEqual([
      publish,
      schedule,
      unschedule,
    ]);
  });

  it('offers nothing without a site and says why', () => {
    const offer = publishOffer({ status: 'APPROVED', hasSite: false, outdated: false });
    expect(offer.publish).toBeNull();
    expect(offer.note).toBe(
      'This draft has no WordPress site yet: choose one above to publish it; its versions stay.',
    );
  });

  it('says when a published draft changed since', () => {
    expect(publishOffer({ status: 'PUBLISHED', hasSite: true, outdated: true }).note).toBe(
      'The draft changed since it was published.',
    );
  });
});

describe('schedule times', () => {
  it('formats a local datetime-local value', () => {
    expect(toLocalInput(new Date(2026, 10, 25, 9, 5))).toBe('2026-11-25T09:05');
  });
  it('the earliest time is two minutes ahead on a whole minute', () => {
    const at = earliestSchedule(new Date(2026, 10, 25, 9, 5, 40));
    expect(toLocalInput(at)).toBe('2026-11-25T09:07');
    expect(at.getSeconds()).toBe(0);
  });
});
