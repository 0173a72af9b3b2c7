import {
  describeEvidence,
  type EvidenceAnswer,
  type EvidenceVerdict,
  judgeEvidence,
  splitEvidence,
} from '../publishing/evidence';
import { type EmailMessage, escapeHtml } from './email-message';
import { type RunForEvents, runEvents } from './evaluate-run';
import type { Interval, MovedPayload } from './events';
import { slackFooter } from './slack-blocks';

// A digest (docs/notifications.md, "Digests"): per brand, what really moved over the period
// (the alert rules' own verdict, the latest full run of the period against the last one before
// it), the three top open opportunities, what was published and what it measurably changed,
// the period's cost and the jobs that failed. A period with nothing real to say is one sentence.

export type DigestRun = Pick<RunForEvents, 'id' | 'trigger' | 'metrics'>;

export type DigestInput = {
  frequency: 'DAILY' | 'WEEKLY';
  from: Date;
  to: Date;
  workspaceName: string;
  brands: {
    id: string;
    name: string;
    /** The brand's latest completed full run created in the period. */
    latest: DigestRun | null;
    /** The completed full run it is compared with: the last before the period, else the first in it. */
    baseline: DigestRun | null;
    /** Open opportunities, any order (the three with most impact are kept). */
    opportunities: { id: string; title: string; impact: number }[];
    /** Pages published in the period, with every answer to the page's prompt (the evidence). */
    published: {
      title: string;
      url: string;
      publishedAt: Date;
      ingestedAt: Date | null;
      answers: EvidenceAnswer[];
    }[];
  }[];
  usage: { runs: number; answers: number; costUsd: number };
  failures: {
    kind: 'run' | 'publish' | 'ingestion';
    brandName: string | null;
    title: string | null;
    error: string | null;
    at: Date;
  }[];
};

export type DigestMove = {
  engine: string | null;
  direction: 'UP' | 'DOWN';
  mentionRate: { previous: Interval; current: Interval };
  score: { previous: number; current: number };
  why: string;
};

export type DigestBrand = {
  brandId: string;
  name: string;
  moves: DigestMove[];
  opportunities: { id: string; title: string; impact: number }[];
  published: {
    title: string;
    url: string;
    publishedAt: string;
    verdict: EvidenceVerdict;
    evidence: string;
  }[];
};

/** Plain data (stored as a channel event's payload): dates as ISO strings. */
export type Digest = {
  frequency: 'DAILY' | 'WEEKLY';
  from: string;
  to: string;
  workspaceName: string;
  /** Nothing moved, nothing was published, nothing failed: only `summary` is said. */
  quiet: boolean;
  summary: string;
  brands: DigestBrand[];
  usage: { runs: number; answers: number; costUsd: number };
  failures: {
    kind: 'run' | 'publish' | 'ingestion';
    brandName: string | null;
    title: string | null;
    error: string | null;
    at: string;
  }[];
};

const TOP_OPPORTUNITIES = 3;

function movesOf(
  latest: DigestRun | null,
  baseline: DigestRun | null,
  brandId: string,
): DigestMove[] {
  if (!latest || !baseline || latest.id === baseline.id) return [];
  const run: RunForEvents = {
    ...latest,
    brandId,
    status: 'COMPLETED',
    total: 0,
    done: 0,
    failed: 0,
    error: null,
  };
  const events = runEvents(run, baseline);
  const scores = new Map(
    events
      .filter((e) => e.type === 'score.moved')
      .map((e) => [(e.data as MovedPayload).engine, e.data as MovedPayload] as const),
  );
  return events
    .filter((e) => e.type === 'mention_rate.moved')
    .map((e) => {
      const rate = e.data as MovedPayload;
      const score = scores.get(rate.engine);
      return {
        engine: rate.engine,
        direction: rate.direction,
        mentionRate: { previous: rate.previous, current: rate.current },
        score: { previous: score?.previous.value ?? 0, current: score?.current.value ?? 0 },
        why: rate.why,
      };
    });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const usd = (v: number) => `$${v.toFixed(2)}`;

function usageLine(usage: DigestInput['usage']): string {
  return `${plural(usage.runs, 'run')}, ${plural(usage.answers, 'answer')}, ${usd(usage.costUsd)}`;
}

/** The digest's content: pure, so its rules are table-tested (digest.test.ts). */
export function buildDigest(input: DigestInput): Digest {
  const brands: DigestBrand[] = input.brands.map((b) => ({
    brandId: b.id,
    name: b.name,
    moves: movesOf(b.latest, b.baseline, b.id),
    opportunities: [...b.opportunities]
      .sort((x, y) => y.impact - x.impact || x.title.localeCompare(y.title))
      .slice(0, TOP_OPPORTUNITIES),
    published: b.published.map((p) => {
      const { before, after } = splitEvidence(p);
      const evidence = judgeEvidence(before, after);
      return {
        title: p.title,
        url: p.url,
        publishedAt: p.publishedAt.toISOString(),
        verdict: evidence.verdict,
        evidence: describeEvidence(evidence),
      };
    }),
  }));
  const moves = brands.reduce((n, b) => n + b.moves.length, 0);
  const published = brands.reduce((n, b) => n + b.published.length, 0);
  const quiet = moves === 0 && published === 0 && input.failures.length === 0;
  const when = input.frequency === 'DAILY' ? 'today' : 'this week';
  const summary = quiet
    ? `Nothing moved beyond noise ${when}: ${usageLine(input.usage)}.`
    : `${when === 'today' ? 'Today' : 'This week'}: ${plural(moves, 'move')} beyond noise, ${plural(published, 'page')} published, ${plural(input.failures.length, 'failed job')}; ${usageLine(input.usage)}.`;
  return {
    frequency: input.frequency,
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    workspaceName: input.workspaceName,
    quiet,
    summary,
    brands,
    usage: input.usage,
    failures: input.failures.map((f) => ({ ...f, at: f.at.toISOString() })),
  };
}

const pct = (v: number) => `${Math.round(v * 100)} %`;
const interval = (i: Interval) => `${pct(i.value)} (${pct(i.low)}–${pct(i.high)})`;
const FAILURE_WORDS = {
  run: 'Run failed',
  publish: 'Publishing failed',
  ingestion: 'Page reading failed',
};

/** One line per real move: the mention rate with its intervals, then the score. */
export function moveLine(m: DigestMove): string {
  const where = m.engine ? `on ${m.engine}` : 'across engines';
  return `Mention rate ${where} moved ${m.direction === 'UP' ? 'up' : 'down'}: ${interval(m.mentionRate.previous)} → ${interval(m.mentionRate.current)} (95 % intervals); score ${m.score.previous} → ${m.score.current}`;
}

export function failureLine(f: Digest['failures'][number]): string {
  const about = [f.brandName, f.title ? `“${f.title}”` : null].filter(Boolean).join(' · ');
  return `${FAILURE_WORDS[f.kind]}${about ? ` (${about})` : ''}${f.error ? `: ${f.error}` : ''}`;
}

type Section = { heading: string; lines: string[] };

/** The digest as headed lists, the shape every channel renders. */
export function digestSections(d: Digest): Section[] {
  if (d.quiet) return [];
  const sections: Section[] = [];
  for (const b of d.brands) {
    const lines = [
      ...(b.moves.length ? b.moves.map(moveLine) : ['Nothing moved beyond noise.']),
      ...b.published.map((p) => `Published “${p.title}” (${p.url}): ${p.evidence}`),
      ...b.opportunities.map((o, i) => `Opportunity ${i + 1}: ${o.title} (impact ${o.impact})`),
    ];
    sections.push({ heading: b.name, lines });
  }
  sections.push({ heading: 'Cost', lines: [`${usageLine(d.usage)} in this period.`] });
  if (d.failures.length)
    sections.push({ heading: 'Failed jobs', lines: d.failures.map(failureLine) });
  return sections;
}

export function digestTitle(d: Digest): string {
  return d.frequency === 'DAILY' ? 'Your daily digest' : 'Your weekly digest';
}

/** The digest mail: HTML and text with the same words, the digest's own unsubscribe link. */
export function digestEmail(
  d: Digest,
  ctx: { link: string | null; unsubscribeUrl: string },
): EmailMessage {
  const title = digestTitle(d);
  const subject = `${d.workspaceName}: ${d.quiet ? 'nothing moved beyond noise' : title.toLowerCase()}`;
  const period = `${d.from.slice(0, 16).replace('T', ' ')} – ${d.to.slice(0, 16).replace('T', ' ')} UTC`;
  const sections = digestSections(d);
  const footer = `You get this because you chose the ${d.frequency.toLowerCase()} digest in ${d.workspaceName} on Lumen.`;
  const text = [
    title,
    period,
    '',
    d.summary,
    '',
    ...sections.flatMap((s) => [s.heading, ...s.lines.map((l) => `- ${l}`), '']),
    ...(ctx.link ? [`Open in Lumen: ${ctx.link}`, ''] : []),
    '--',
    footer,
    `Stop the digest by email: ${ctx.unsubscribeUrl}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const body = sections
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:16px 0 8px">${e(s.heading)}</h2><ul style="margin:0 0 12px;padding-left:20px">${s.lines
          .map((l) => `<li style="margin:0 0 4px;font-variant-numeric:tabular-nums">${e(l)}</li>`)
          .join('')}</ul>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;color:#14171f;font:14px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e3e6eb;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 4px">${e(title)}</h1>
<p style="margin:0 0 16px;color:#5b6270;font-size:12px">${e(period)}</p>
<p style="margin:0 0 12px">${e(d.summary)}</p>
${body}
${ctx.link ? `<p style="margin:16px 0"><a href="${e(ctx.link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:8px 14px;border-radius:6px">Open in Lumen</a></p>` : ''}
</div>
<p style="max-width:560px;margin:16px auto 0;color:#5b6270;font-size:12px">${e(footer)} <a href="${e(ctx.unsubscribeUrl)}" style="color:#5b6270">Stop the digest by email</a>.</p>
</body></html>
`;
  return { subject, text, html };
}

/** Slack's mrkdwn reads &, < and > as markup: names and titles come from people. */
const mrkdwn = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The digest as a Block Kit message (Slack's section text stops at 3,000 characters). */
export function digestSlackBlocks(
  d: Digest,
  link: string | null,
): {
  text: string;
  blocks: Record<string, unknown>[];
} {
  const title = `${digestTitle(d)}: ${d.workspaceName}`;
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } },
    { type: 'section', text: { type: 'mrkdwn', text: mrkdwn(d.summary) } },
    ...digestSections(d).map((s) => ({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*${mrkdwn(s.heading)}*\n${s.lines.map((l) => `• ${mrkdwn(l)}`).join('\n')}`.slice(
          0,
          3000,
        ),
      },
    })),
  ];
  blocks.push(...slackFooter(link, `\`digest\` · ${d.from} – ${d.to}`));
  return { text: `${title} — ${d.summary}`, blocks };
}
