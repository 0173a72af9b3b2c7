import type { ChangeVerdict } from '../metrics/periods';
import type { EvidenceVerdict } from '../publishing/evidence';
import type { Interval, ReportContent } from './report-content';

// A report as lines and tables of text (docs/reports.md): the share page (HTML) and the PDF are
// both drawn from this one view, so they say the same things in the same words, and the PDF's
// test can look for every figure the view holds.

export type ReportTable = { columns: string[]; rows: string[][] };
export type ReportSection = {
  title: string;
  lines: string[];
  table: ReportTable | null;
  empty: string;
};
export type ReportView = {
  title: string;
  period: string;
  kpis: { label: string; value: string; detail: string }[];
  sections: ReportSection[];
};

export const percent = (v: number) => `${(Math.round(v * 1000) / 10).toFixed(1)} %`;
export const interval = (i: Interval) =>
  `${(Math.round(i.low * 1000) / 10).toFixed(1)}–${(Math.round(i.high * 1000) / 10).toFixed(1)} %`;
export const usd = (v: number) => (v > 0 && v < 0.01 ? `$${v.toFixed(4)}` : `$${v.toFixed(2)}`);
const signed = (v: number) => (v > 0 ? `+${v}` : `${v}`);
const points = (v: number) => `${v > 0 ? '+' : ''}${(Math.round(v * 1000) / 10).toFixed(1)} pts`;

export const VERDICT_WORDS: Record<ChangeVerdict, string> = {
  MOVED_UP: 'moved up',
  MOVED_DOWN: 'moved down',
  WITHIN_NOISE: 'within noise',
};
const EVIDENCE_WORDS: Record<EvidenceVerdict, string> = {
  IMPROVED: 'improved',
  WORSENED: 'worsened',
  WITHIN_NOISE: 'within noise',
  NOT_ENOUGH_DATA: 'not enough data yet',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "21 Nov 2026": the product's one date style, fixed to English for a document. */
export function reportDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''} ${y}`;
}

function verdictOf(change: ReportContent['kpis']['change']): string {
  return change
    ? `${VERDICT_WORDS[change.verdict]} (${signed(change.score)} score)`
    : 'no earlier answers to compare';
}

/**
 * What "What moved and why" says when no line moved: every change was within noise, or there was
 * nothing to compare with (no answers in the period before, as for a brand measured first in
 * this period), which is not the same news.
 */
export function nothingMovedText(c: Pick<ReportContent, 'kpis' | 'period'>): string {
  if (c.kpis.previous.answers === 0) {
    return `Nothing to compare with yet: the period before (${reportDay(c.period.previousFrom)} – ${reportDay(c.period.previousTo)}) has no answers, so no change can be told apart from noise.`;
  }
  return 'Nothing moved beyond noise: every change in this period is inside the overlap of the two periods’ 95 % intervals.';
}

export function reportView(c: ReportContent): ReportView {
  const k = c.kpis;
  return {
    title: `${c.brand.name}: AI visibility report`,
    period: `${reportDay(c.period.from)} – ${reportDay(c.period.to)} (compared with ${reportDay(c.period.previousFrom)} – ${reportDay(c.period.previousTo)})`,
    kpis: [
      { label: 'Visibility score', value: String(k.score), detail: verdictOf(k.change) },
      {
        label: 'Mention rate',
        value: percent(k.mentionRate.value),
        detail: `95 % interval ${interval(k.mentionRate)}; before ${percent(k.previous.mentionRate.value)}`,
      },
      {
        label: 'Share of voice',
        value: percent(k.shareOfVoice),
        detail: 'against tracked competitors',
      },
      {
        label: 'Citation rate',
        value: percent(k.citationRate),
        detail: 'answers citing your domains',
      },
      {
        label: 'Answers',
        value: String(k.answers),
        detail: `${k.previous.answers} in the period before`,
      },
    ],
    sections: [
      {
        title: 'What moved and why',
        lines: c.moves.map((m) => m.why),
        table: null,
        empty: nothingMovedText(c),
      },
      {
        title: 'By engine',
        lines: [],
        table: c.engines.length
          ? {
              columns: ['Engine', 'Score', 'Mention rate', 'Interval', 'Change'],
              rows: c.engines.map((e) => [
                e.label,
                String(e.score),
                percent(e.mentionRate.value),
                interval(e.mentionRate),
                e.change
                  ? `${VERDICT_WORDS[e.change.verdict]} (${points(e.change.mentionRate)})`
                  : '–',
              ]),
            }
          : null,
        empty: 'No answers in this period.',
      },
      {
        title: 'Share of voice',
        lines: [],
        table: c.shareOfVoice.length
          ? {
              columns: ['Name', 'Share of voice', 'Mention rate'],
              rows: c.shareOfVoice.map((s) => [
                s.kind === 'BRAND' ? `${s.name} (you)` : s.name,
                percent(s.shareOfVoice),
                percent(s.mentionRate.value),
              ]),
            }
          : null,
        empty: 'No answers in this period.',
      },
      {
        title: 'Top sources',
        lines: [],
        table: c.sources.length
          ? {
              columns: ['Domain', 'Kind', 'Citations', 'Share'],
              rows: c.sources.map((s) => [s.domain, s.kind, String(s.citations), percent(s.share)]),
            }
          : null,
        empty: 'No answer cited a source in this period.',
      },
      {
        title: 'Opportunities',
        lines: [
          `${c.opportunities.open} open, ${c.opportunities.resolvedInPeriod} resolved in this period.`,
        ],
        table: c.opportunities.top.length
          ? {
              columns: ['Opportunity', 'Impact', 'Status'],
              rows: c.opportunities.top.map((o) => [
                o.title,
                String(o.impact),
                o.status.toLowerCase().replace('_', ' '),
              ]),
            }
          : null,
        empty: 'No open opportunities.',
      },
      {
        title: 'Published and its measured impact',
        lines: [],
        table: c.published.length
          ? {
              columns: ['Page', 'Published', 'Before', 'After', 'Impact'],
              rows: c.published.map((p) => [
                p.title,
                reportDay(p.publishedAt.slice(0, 10)),
                p.before ? percent(p.before.value) : '–',
                p.after ? percent(p.after.value) : '–',
                EVIDENCE_WORDS[p.verdict],
              ]),
            }
          : null,
        empty: 'Nothing was published in this period.',
      },
      {
        title: 'Cost',
        lines: [
          `${usd(c.cost.usd)} for the answers of this period${c.cost.unpricedAnswers ? ` (${c.cost.unpricedAnswers} answers have no price and are not included)` : ''}.`,
        ],
        table: c.cost.byEngine.length
          ? {
              columns: ['Engine', 'Answers', 'Cost'],
              rows: c.cost.byEngine.map((e) => [e.label, String(e.answers), usd(e.costUsd)]),
            }
          : null,
        empty: 'No answers were asked in this period.',
      },
    ],
  };
}
