import { describe, expect, it } from 'vitest';
import {
  nextRetryDelay,
  SlackChannelInputSchema,
  shouldDisable,
  slackUrlHint,
  WebhookInputSchema,
} from './webhook-rules';

const S = 1000;
const H = 3600 * S;

describe('nextRetryDelay', () => {
  it.each([
    [1, 30 * S],
    [2, 120 * S],
    [3, 600 * S],
    [4, H],
    [5, 6 * H],
    [6, 6 * H],
    [7, 6 * H],
    [8, null],
  ])('after attempt %i waits %s', (attempt, wait) => {
    expect(nextRetryDelay(attempt)).toBe(wait);
  });

  it('never schedules an attempt more than 24 h after the first', () => {
    let elapsed = 0;
    for (let a = 1; ; a++) {
      const wait = nextRetryDelay(a);
      if (wait === null) break;
      elapsed += wait;
    }
    expect(elapsed).toBeLessThanOrEqual(24 * H);
    expect(elapsed + 6 * H).toBeGreaterThan(24 * H);
  });
});

describe('shouldDisable', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it.each([
    [null, false],
    [new Date(now.getTime() - 72 * H + 1), false],
    [new Date(now.getTime() - 72 * H), true],
  ])('failing since %s → %s', (since, disabled) => {
    expect(shouldDisable(since, now)).toBe(disabled);
  });
});

describe('WebhookInputSchema', () => {
  it('accepts a URL and known events, deduplicated', () => {
    const parsed = WebhookInputSchema.parse({
      url: ' https://example.com/hook ',
      events: ['score.moved', 'score.moved', 'run.failed'],
    });
    expect(parsed).toEqual({
      url: 'https://example.com/hook',
      events: ['score.moved', 'run.failed'],
      brandId: null,
    });
  });
  it.each([
    [{ url: 'ftp://x', events: ['run.failed'] }, 'url'],
    [{ url: 'https://x.example', events: [] }, 'events'],
    [{ url: 'https://x.example', events: ['nope'] }, 'events'],
    [{ url: 'https://x.example', events: ['test.ping'] }, 'events'],
  ])('refuses %j on %s', (input, path) => {
    const r = WebhookInputSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path[0]).toBe(path);
  });
});

describe('SlackChannelInputSchema', () => {
  it('takes the URL on creation and none on an edit', () => {
    expect(
      SlackChannelInputSchema.parse({
        webhookUrl: 'https://hooks.slack.com/services/T1/B2/abcd',
        events: ['run.failed'],
      }),
    ).toMatchObject({ webhookUrl: 'https://hooks.slack.com/services/T1/B2/abcd', brandId: null });
    expect(SlackChannelInputSchema.parse({ events: ['run.failed'] }).webhookUrl).toBeNull();
  });
  it('shows only the origin and the last 4 characters of the URL', () => {
    expect(slackUrlHint('https://hooks.slack.com/services/T1/B2/secretabcd')).toBe(
      'https://hooks.slack.com/…abcd',
    );
  });
});
