import type { DeliverableEventType, EventEnvelope, Interval } from './events';

// A notification mail (docs/notifications.md, "Email"): one template per event type gives the
// subject, a heading, a few facts and a sentence of context; `emailMessage` renders it twice,
// as HTML (every value escaped) and as plain text, with the same unsubscribe link in both.

export type EmailContext = {
  /** The brand the event is about, when there is one (its name, as the person knows it). */
  brandName: string | null;
  workspaceName: string;
  /** Where to look at it in Lumen; null when Lumen has no public address (no link then). */
  link: string | null;
  /** The one-click unsubscribe link for this person and this kind of mail. */
  unsubscribeUrl: string;
};

export type EmailMessage = { subject: string; text: string; html: string };

/** What a template says: rendered to HTML and text by the same code. */
export type EmailContent = {
  title: string;
  /** Label → value, in order; values are plain text. */
  facts: [string, string][];
  /** Sentences of context: the "why", the error, what to do. */
  notes: string[];
};

type Data = Record<string, unknown>;
type Template = (d: Data) => EmailContent;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const pct = (v: number) => `${Math.round(v * 100)} %`;
const isInterval = (v: unknown): v is Interval =>
  typeof v === 'object' && v !== null && 'value' in v && 'low' in v && 'high' in v;
const where = (d: Data) => (str(d.engine) ? `on ${d.engine}` : 'across engines');
const direction = (d: Data) => (d.direction === 'DOWN' ? 'down' : 'up');

function moved(name: string, show: (i: Interval) => string): Template {
  return (d) => {
    const facts: [string, string][] = [];
    if (isInterval(d.previous) && isInterval(d.current)) {
      facts.push([`${name} ${where(d)}`, `${show(d.previous)} → ${show(d.current)}`]);
    }
    return {
      title: `The ${name.toLowerCase()} moved ${direction(d)}`,
      facts,
      notes: [str(d.why)].filter((n): n is string => n !== null),
    };
  };
}

function runProblem(title: string): Template {
  return (d) => ({
    title,
    facts: [
      ['Queries answered', `${num(d.answered)} of ${num(d.total)}`],
      ['Failed', String(num(d.failed))],
    ],
    notes: [str(d.error)].filter((n): n is string => n !== null),
  });
}

function failure(title: string, next: string): Template {
  return (d) => {
    const facts: [string, string][] = [];
    if (str(d.title)) facts.push(['Post', String(d.title)]);
    if (str(d.url)) facts.push(['Address', String(d.url)]);
    return { title, facts, notes: [str(d.error), next].filter((n): n is string => n !== null) };
  };
}

function overtook(d: Data): EmailContent {
  const side = (v: unknown) => {
    const rate = (v as { mentionRate?: unknown } | null)?.mentionRate;
    return isInterval(rate)
      ? `${pct(rate.value)} of answers (95 % interval ${pct(rate.low)}–${pct(rate.high)})`
      : null;
  };
  const facts: [string, string][] = [];
  const rival = side(d.competitor);
  const brand = side(d.brand);
  if (rival) facts.push([`${str(d.competitorName) ?? 'Competitor'} ${where(d)}`, rival]);
  if (brand) facts.push([`The brand ${where(d)}`, brand]);
  return {
    title: `${str(d.competitorName) ?? 'A competitor'} overtook the brand`,
    facts,
    notes: [str(d.why)].filter((n): n is string => n !== null),
  };
}

function citation(title: string): Template {
  return (d) => {
    const facts: [string, string][] = [];
    if (str(d.url)) facts.push(['Page', String(d.url)]);
    const pairs = Array.isArray(d.where)
      ? (d.where as { prompt?: unknown; engine?: unknown }[])
      : [];
    for (const w of pairs.slice(0, 5)) {
      if (str(w.prompt) && str(w.engine)) facts.push([String(w.engine), String(w.prompt)]);
    }
    if (num(d.pairs) > 5) facts.push(['And', `${num(d.pairs) - 5} more prompt × engine pairs`]);
    return { title, facts, notes: [str(d.why)].filter((n): n is string => n !== null) };
  };
}

function opportunity(d: Data): EmailContent {
  const facts: [string, string][] = [];
  if (str(d.title)) facts.push(['Opportunity', String(d.title)]);
  facts.push(['Impact', `${num(d.impact)} of 100`]);
  return {
    title: 'A new opportunity',
    facts,
    notes: [str(d.why)].filter((n): n is string => n !== null),
  };
}

/** For kinds whose payload is still being defined: the sentence they carry, nothing invented. */
function plain(title: string): Template {
  return (d) => ({
    title,
    facts: [],
    notes: [str(d.why) ?? str(d.message)].filter((n): n is string => n !== null),
  });
}

const TEMPLATES: Record<DeliverableEventType, Template> = {
  'score.moved': moved('Score', (i) => String(i.value)),
  'mention_rate.moved': moved(
    'Mention rate',
    (i) => `${pct(i.value)} (95 % interval ${pct(i.low)}–${pct(i.high)})`,
  ),
  'share_of_voice.moved': moved(
    'Share of voice',
    (i) => `${pct(i.value)} (95 % interval ${pct(i.low)}–${pct(i.high)})`,
  ),
  'competitor.overtook': overtook,
  'citation.lost': citation('A page of yours is no longer cited'),
  'citation.gained': citation('A page of yours is newly cited'),
  'opportunity.created': opportunity,
  'run.failed': runProblem('A run failed'),
  'run.partial': runProblem('A run finished with failed queries'),
  'publish.failed': failure(
    'A post was not published',
    'Check the site connection in Settings → Integrations, then publish again.',
  ),
  'ingestion.failed': failure(
    'A published page could not be read',
    'Lumen measures a post’s impact from the page it reads; read it again from the post.',
  ),
  'budget.warning': plain('The budget is nearly spent'),
  'budget.reached': plain('The budget is spent'),
  'test.ping': plain('Test message from Lumen'),
  // Never mailed as an event: people get digestEmail (digest.ts) through their own choice.
  digest: plain('Digest'),
};

export function emailContent(event: EventEnvelope): EmailContent {
  const template = TEMPLATES[event.type] ?? plain(event.type);
  return template(event.data);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A mail in Lumen's layout: the same words in HTML and text; the unsubscribe line last. */
export function renderEmail(
  subject: string,
  content: EmailContent,
  ctx: { link: string | null; unsubscribeUrl: string; footer: string; unsubscribeWhat: string },
): EmailMessage {
  const text = [
    content.title,
    '',
    ...content.facts.map(([label, value]) => `${label}: ${value}`),
    ...(content.facts.length ? [''] : []),
    ...content.notes.flatMap((n) => [n, '']),
    ...(ctx.link ? [`Open in Lumen: ${ctx.link}`, ''] : []),
    '--',
    ctx.footer,
    `Stop ${ctx.unsubscribeWhat} by email: ${ctx.unsubscribeUrl}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const facts = content.facts.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${content.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#5b6270">${e(label)}</td><td style="padding:2px 0;font-variant-numeric:tabular-nums">${e(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;color:#14171f;font:14px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e3e6eb;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${e(content.title)}</h1>
${facts}${content.notes.map((n) => `<p style="margin:0 0 12px">${e(n)}</p>`).join('')}
${ctx.link ? `<p style="margin:16px 0"><a href="${e(ctx.link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:8px 14px;border-radius:6px">Open in Lumen</a></p>` : ''}
</div>
<p style="max-width:560px;margin:16px auto 0;color:#5b6270;font-size:12px">${e(ctx.footer)} <a href="${e(ctx.unsubscribeUrl)}" style="color:#5b6270">Stop ${e(ctx.unsubscribeWhat)} by email</a>.</p>
</body></html>
`;
  return { subject, text, html };
}

/** The mail for one event to one person. */
export function emailMessage(event: EventEnvelope, ctx: EmailContext): EmailMessage {
  const content = emailContent(event);
  const about = ctx.brandName ?? ctx.workspaceName;
  return renderEmail(`${about}: ${content.title}`, content, {
    link: ctx.link,
    unsubscribeUrl: ctx.unsubscribeUrl,
    footer: `You get this because you chose “${event.type}” emails in ${ctx.workspaceName} on Lumen.`,
    unsubscribeWhat: `“${event.type}”`,
  });
}

/** To an owner: a webhook or Slack channel was turned off after three days of failures. */
export function webhookDisabledMessage(ctx: {
  kind: 'WEBHOOK' | 'SLACK';
  /** The webhook's URL, or a Slack channel's hint (never the Slack URL itself). */
  address: string;
  failingSince: string;
  workspaceName: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}): EmailMessage {
  const what = ctx.kind === 'SLACK' ? 'A Slack channel' : 'A webhook';
  const title = `${what} was turned off`;
  return renderEmail(
    `${ctx.workspaceName}: ${title}`,
    {
      title,
      facts: [
        [ctx.kind === 'SLACK' ? 'Slack channel' : 'Endpoint', ctx.address],
        ['Failing since', ctx.failingSince],
      ],
      notes: [
        'It answered nothing successful for three days, so Lumen stopped sending it events.',
        'Fix the endpoint, then save it again in Settings → Notifications to turn it back on.',
      ],
    },
    {
      link: ctx.settingsUrl,
      unsubscribeUrl: ctx.unsubscribeUrl,
      footer: `You get this as an owner of ${ctx.workspaceName} on Lumen.`,
      unsubscribeWhat: 'these warnings',
    },
  );
}
