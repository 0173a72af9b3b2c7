import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from './events';
import { slackMessage } from './slack-message';

const envelope = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: 'e1',
  type: type as EventEnvelope['type'],
  createdAt: '2026-11-28T12:00:00.000Z',
  workspaceId: 'w',
  data,
});

const moved = {
  brandId: 'b',
  runId: 'r',
  engine: null,
  previous: { value: 0.1, low: 0.03, high: 0.25 },
  current: { value: 0.8, low: 0.6, high: 0.92 },
  why: 'The intervals do not overlap.',
};

describe('slackMessage', () => {
  it.each([
    [
      'a moved rate with its intervals and why',
      envelope('mention_rate.moved', moved),
      'The mention rate moved — Mention rate across engines: *10 % (3 %–25 %) → 80 % (60 %–92 %)* (95 % intervals) — The intervals do not overlap.',
    ],
    [
      'a moved score per engine',
      envelope('score.moved', {
        ...moved,
        engine: 'local-gpt',
        previous: { value: 20, low: 20, high: 20 },
        current: { value: 70, low: 70, high: 70 },
      }),
      'The visibility score moved — Score on local-gpt: *20 → 70* — The intervals do not overlap.',
    ],
    [
      'a failed run',
      envelope('run.failed', {
        runId: 'r',
        total: 4,
        answered: 0,
        failed: 4,
        error: 'None answered.',
      }),
      'A run failed — 0 of 4 queries answered, 4 failed. None answered.',
    ],
    [
      'a moved share of voice',
      envelope('share_of_voice.moved', { ...moved, engine: 'local-gpt' }),
      'Share of voice moved — Share of voice on local-gpt: *10 % (3 %–25 %) → 80 % (60 %–92 %)* (95 % intervals) — The intervals do not overlap.',
    ],
    [
      'an overtaking, both sides with their intervals, the name escaped',
      envelope('competitor.overtook', {
        brandId: 'b',
        runId: 'r',
        engine: null,
        competitorName: 'R&D <Co>',
        brand: { shareOfVoice: 0.1, mentionRate: { value: 0.1, low: 0.03, high: 0.3 } },
        competitor: { shareOfVoice: 0.9, mentionRate: { value: 1, low: 0.84, high: 1 } },
        why: 'Apart.',
      }),
      "A competitor overtook the brand — Mention rate across engines: *R&amp;D &lt;Co&gt; 100 % (84 %–100 %)* against the brand's *10 % (3 %–30 %)* (95 % intervals) — Apart.",
    ],
    [
      'a lost page, linked',
      envelope('citation.lost', { brandId: 'b', url: 'https://acme.com/p', why: 'Gone.' }),
      'A citation was lost — <https://acme.com/p|https://acme.com/p> — Gone.',
    ],
    [
      'a new opportunity with its impact',
      envelope('opportunity.created', {
        brandId: 'b',
        opportunityId: 'o',
        title: 'Best CRM',
        impact: 72,
        why: 'High.',
      }),
      'A new opportunity — *Best CRM*: impact *72* of 100 — High.',
    ],
    [
      'a test',
      envelope('test.ping', { message: 'A test event from Lumen.' }),
      'Test message from Lumen — A test event from Lumen.',
    ],
  ])('%s', (_name, event, text) => {
    expect(slackMessage(event, 'https://lumen.example.com/').text).toBe(text);
  });

  it('links into Lumen only when the public URL is known', () => {
    const withLink = slackMessage(envelope('score.moved', moved), 'https://lumen.example.com/');
    expect(JSON.stringify(withLink.blocks)).toContain(
      'https://lumen.example.com/campaigns/b/runs/r',
    );
    const opportunity = slackMessage(
      envelope('opportunity.created', { brandId: 'b', opportunityId: 'o', runId: 'r' }),
      'https://lumen.example.com',
    );
    expect(JSON.stringify(opportunity.blocks)).toContain(
      'https://lumen.example.com/opportunities/o',
    );
    const without = slackMessage(envelope('score.moved', moved), null);
    expect(without.blocks.some((b) => b.type === 'actions')).toBe(false);
  });
});
