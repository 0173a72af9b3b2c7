import { describe, expect, it } from 'vitest';
import { emailContent, emailMessage, escapeHtml, webhookDisabledMessage } from './email-message';
import { type EventEnvelope, eventLink } from './events';

const event = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: 'e1',
  type: type as EventEnvelope['type'],
  createdAt: '2026-11-28T12:00:00.000Z',
  workspaceId: 'w1',
  data,
});

const ctx = {
  brandName: 'Acme CRM',
  workspaceName: 'Acme marketing',
  link: 'https://lumen.example/campaigns/b1',
  unsubscribeUrl: 'https://lumen.example/unsubscribe?token=abc.def',
};

const movedData = {
  brandId: 'b1',
  runId: 'r2',
  previousRunId: 'r1',
  engine: null,
  direction: 'UP',
  previous: { value: 0.1, low: 0.05, high: 0.18 },
  current: { value: 0.6, low: 0.5, high: 0.69 },
  change: 0.5,
  why: 'The two 95 % intervals do not overlap.',
};

describe('emailContent: one template per event type', () => {
  it.each([
    [
      'score.moved',
      {
        ...movedData,
        engine: 'local-gpt',
        previous: { value: 12, low: 12, high: 12 },
        current: { value: 40, low: 40, high: 40 },
      },
      'The score moved up',
      [['Score on local-gpt', '12 → 40']],
      ['The two 95 % intervals do not overlap.'],
    ],
    [
      'mention_rate.moved',
      { ...movedData, direction: 'DOWN' },
      'The mention rate moved down',
      [
        [
          'Mention rate across engines',
          '10 % (95 % interval 5 %–18 %) → 60 % (95 % interval 50 %–69 %)',
        ],
      ],
      ['The two 95 % intervals do not overlap.'],
    ],
    [
      'run.failed',
      {
        brandId: 'b1',
        runId: 'r1',
        total: 8,
        answered: 0,
        failed: 8,
        error: 'No engine answered.',
      },
      'A run failed',
      [
        ['Queries answered', '0 of 8'],
        ['Failed', '8'],
      ],
      ['No engine answered.'],
    ],
    [
      'run.partial',
      { brandId: 'b1', runId: 'r1', total: 8, answered: 6, failed: 2, error: null },
      'A run finished with failed queries',
      [
        ['Queries answered', '6 of 8'],
        ['Failed', '2'],
      ],
      [],
    ],
    [
      'publish.failed',
      { draftId: 'd1', brandId: 'b1', title: 'Best CRMs', url: null, error: 'The site refused.' },
      'A post was not published',
      [['Post', 'Best CRMs']],
      [
        'The site refused.',
        'Check the site connection in Settings → Integrations, then publish again.',
      ],
    ],
    [
      'ingestion.failed',
      {
        publishedItemId: 'p1',
        brandId: 'b1',
        title: 'Best CRMs',
        url: 'https://acme.example/best',
        error: '404',
      },
      'A published page could not be read',
      [
        ['Post', 'Best CRMs'],
        ['Address', 'https://acme.example/best'],
      ],
      [
        '404',
        'Lumen measures a post’s impact from the page it reads; read it again from the post.',
      ],
    ],
    [
      'test.ping',
      { message: 'Hello from Lumen.' },
      'Test message from Lumen',
      [],
      ['Hello from Lumen.'],
    ],
    [
      'competitor.overtook',
      {
        brandId: 'b1',
        engine: 'local-gpt',
        competitorName: 'Rival',
        brand: { shareOfVoice: 0.1, mentionRate: { value: 0.1, low: 0.03, high: 0.3 } },
        competitor: { shareOfVoice: 0.9, mentionRate: { value: 1, low: 0.84, high: 1 } },
        why: 'Apart.',
      },
      'Rival overtook the brand',
      [
        ['Rival on local-gpt', '100 % of answers (95 % interval 84 %–100 %)'],
        ['The brand on local-gpt', '10 % of answers (95 % interval 3 %–30 %)'],
      ],
      ['Apart.'],
    ],
    [
      'citation.lost',
      {
        brandId: 'b1',
        url: 'https://acme.example/pricing',
        where: [{ promptId: 'p', prompt: 'Best CRM?', engine: 'local-gpt' }],
        pairs: 1,
        why: 'Gone.',
      },
      'A page of yours is no longer cited',
      [
        ['Page', 'https://acme.example/pricing'],
        ['local-gpt', 'Best CRM?'],
      ],
      ['Gone.'],
    ],
    [
      'opportunity.created',
      {
        brandId: 'b1',
        opportunityId: 'o1',
        title: 'Missing from “best CRM”',
        impact: 72,
        why: 'High.',
      },
      'A new opportunity',
      [
        ['Opportunity', 'Missing from “best CRM”'],
        ['Impact', '72 of 100'],
      ],
      ['High.'],
    ],
    ['budget.reached', {}, 'The budget is spent', [], []],
  ])('%s', (type, data, title, facts, notes) => {
    expect(emailContent(event(type, data))).toEqual({ title, facts, notes });
  });
});

describe('emailMessage', () => {
  const failed = event('publish.failed', {
    draftId: 'd1',
    brandId: 'b1',
    title: '<script>alert("x")</script> & more',
    url: null,
    error: 'The site said <b>no</b>',
  });
  const mail = emailMessage(failed, ctx);

  it('names the brand and what happened in the subject', () => {
    expect(mail.subject).toBe('Acme CRM: A post was not published');
    expect(emailMessage(failed, { ...ctx, brandName: null }).subject).toBe(
      'Acme marketing: A post was not published',
    );
  });

  it('escapes every value in the HTML part and keeps the text part as written', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(mail.html).toContain('The site said &lt;b&gt;no&lt;/b&gt;');
    expect(mail.text).toContain('Post: <script>alert("x")</script> & more');
  });

  it('carries the unsubscribe link and the link into Lumen in both parts', () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('https://lumen.example/campaigns/b1');
      expect(part).toContain('https://lumen.example/unsubscribe?token=abc.def');
    }
    expect(mail.text).toContain(
      'Stop “publish.failed” by email: https://lumen.example/unsubscribe?token=abc.def',
    );
  });

  it('has no "Open in Lumen" without a public address', () => {
    const bare = emailMessage(failed, { ...ctx, link: null });
    expect(bare.text).not.toContain('Open in Lumen');
    expect(bare.html).not.toContain('Open in Lumen');
  });
});

describe('eventLink and escapeHtml', () => {
  it.each([
    [
      { brandId: 'b1', runId: 'r1' },
      'https://l.example/',
      'https://l.example/campaigns/b1/runs/r1',
    ],
    [{ brandId: 'b1' }, 'https://l.example', 'https://l.example/campaigns/b1'],
    [{}, 'https://l.example', 'https://l.example/settings/notifications'],
    [{ brandId: 'b1' }, null, null],
  ])('%o at %s → %s', (data, base, link) => {
    expect(eventLink(event('run.failed', data), base)).toBe(link);
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('webhookDisabledMessage', () => {
  it.each([
    [
      'WEBHOOK' as const,
      'https://hooks.example/<x>',
      'Acme: A webhook was turned off',
      'Endpoint: https://hooks.example/<x>',
    ],
    [
      'SLACK' as const,
      'https://hooks.slack.com/…abcd',
      'Acme: A Slack channel was turned off',
      'Slack channel: https://hooks.slack.com/…abcd',
    ],
  ])('%s', (kind, address, subject, line) => {
    const mail = webhookDisabledMessage({
      kind,
      address,
      failingSince: '2026-11-25T12:00:00.000Z',
      workspaceName: 'Acme',
      settingsUrl: 'https://l.example/settings/notifications',
      unsubscribeUrl: 'https://l.example/unsubscribe?token=t',
    });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(line);
    expect(mail.text).toContain(
      'Stop these warnings by email: https://l.example/unsubscribe?token=t',
    );
    expect(mail.html).not.toContain('<x>');
  });
});
