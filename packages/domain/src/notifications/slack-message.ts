import { type Digest, digestSlackBlocks } from './digest';
import { DIGEST_EVENT_TYPE, type EventEnvelope, eventLink, type Interval } from './events';
import { slackFooter } from './slack-blocks';

// A Slack message for an event (docs/notifications.md, "Slack"): Block Kit with the numbers and
// their intervals, a short "why" and a link into Lumen. `text` is the fallback Slack shows in
// notifications and to clients without blocks.

type Block = Record<string, unknown>;
export type SlackMessage = { text: string; blocks: Block[] };

const TITLES: Record<string, string> = {
  'score.moved': 'The visibility score moved',
  'mention_rate.moved': 'The mention rate moved',
  'share_of_voice.moved': 'Share of voice moved',
  'competitor.overtook': 'A competitor overtook the brand',
  'citation.lost': 'A citation was lost',
  'citation.gained': 'A citation was gained',
  'opportunity.created': 'A new opportunity',
  'run.failed': 'A run failed',
  'run.partial': 'A run finished with failed queries',
  'publish.failed': 'A post was not published',
  'ingestion.failed': 'A published page could not be read',
  'budget.warning': 'The budget is nearly spent',
  'budget.reached': 'The budget is spent',
  'test.ping': 'Test message from Lumen',
};

const pct = (v: number) => `${Math.round(v * 100)} %`;
const rate = (i: Interval) => `${pct(i.value)} (${pct(i.low)}–${pct(i.high)})`;

/** Slack's mrkdwn reads &, < and > as markup: names and titles come from people. */
const esc = (v: unknown) =>
  String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function isInterval(v: unknown): v is Interval {
  return typeof v === 'object' && v !== null && 'value' in v && 'low' in v && 'high' in v;
}

function numbers(event: EventEnvelope): string | null {
  const d = event.data as Record<string, unknown>;
  const where = typeof d.engine === 'string' ? ` on ${d.engine}` : ' across engines';
  if (event.type === 'competitor.overtook') {
    const brand = d.brand as { mentionRate?: unknown } | undefined;
    const rival = d.competitor as { mentionRate?: unknown } | undefined;
    if (!isInterval(brand?.mentionRate) || !isInterval(rival?.mentionRate)) return null;
    return `Mention rate${where}: *${esc(d.competitorName)} ${rate(rival.mentionRate)}* against the brand's *${rate(brand.mentionRate)}* (95 % intervals)`;
  }
  if (event.type === 'opportunity.created' && typeof d.impact === 'number') {
    return `*${esc(d.title)}*: impact *${d.impact}* of 100`;
  }
  if (
    (event.type === 'citation.lost' || event.type === 'citation.gained') &&
    typeof d.url === 'string'
  ) {
    return `<${d.url}|${d.url}>`;
  }
  const { previous, current } = d;
  if (!isInterval(previous) || !isInterval(current)) return null;
  if (event.type === 'score.moved') {
    return `Score${where}: *${previous.value} → ${current.value}*`;
  }
  const label = event.type === 'share_of_voice.moved' ? 'Share of voice' : 'Mention rate';
  return `${label}${where}: *${rate(previous)} → ${rate(current)}* (95 % intervals)`;
}

function detail(event: EventEnvelope): string | null {
  const d = event.data as Record<string, unknown>;
  if (typeof d.why === 'string') return d.why;
  if (event.type === 'run.failed' || event.type === 'run.partial') {
    return `${d.answered ?? 0} of ${d.total ?? 0} queries answered, ${d.failed ?? 0} failed.${
      typeof d.error === 'string' ? ` ${d.error}` : ''
    }`;
  }
  if (typeof d.error === 'string') {
    return `${typeof d.title === 'string' ? `“${d.title}”: ` : ''}${d.error}`;
  }
  if (typeof d.message === 'string') return d.message;
  return null;
}

export function slackMessage(event: EventEnvelope, appUrl: string | null): SlackMessage {
  if (event.type === DIGEST_EVENT_TYPE) {
    return digestSlackBlocks(
      event.data as Digest,
      appUrl ? `${appUrl.replace(/\/+$/, '')}/` : null,
    );
  }
  const title = TITLES[event.type] ?? event.type;
  const lines = [numbers(event), detail(event)].filter((l): l is string => l !== null);
  const link = eventLink(event, appUrl);
  const blocks: Block[] = [
    { type: 'header', text: { type: 'plain_text', text: title } },
    ...lines.map((text) => ({ type: 'section', text: { type: 'mrkdwn', text } })),
  ];
  blocks.push(...slackFooter(link, `\`${event.type}\` · ${event.createdAt}`));
  return { text: [title, ...lines].join(' — '), blocks };
}
