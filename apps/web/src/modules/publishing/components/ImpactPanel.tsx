import type { PublishedItemImpactQuery } from '@lumen/schema/generated/graphql';
import { Info } from 'lucide-react';
import { Card } from '../../../ui/Card';
import { percent, plural, rankText } from '../../../ui/format';
import { Rate } from '../../../ui/Rate';
import { evidenceView, type Tone, verdictView } from '../utils/impactView';

type Impact = NonNullable<PublishedItemImpactQuery['publishedItem']>['impact'];
type EngineRow = Impact['engines'][number];

const TONES: Record<Tone, string> = {
  success: 'bg-success/10 text-success',
  warning: 'bg-warning/10 text-warning',
  danger: 'bg-danger-soft text-danger',
  neutral: 'bg-surface-2 text-muted',
};

/** The rate as a bar with its interval drawn around it, 0–100 %. */
function RateBar({ rate, label, n }: { rate: EngineRow['before']; label: string; n: number }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs">
        <span className="text-subtle">{label}</span>
        <span className="text-fg">
          <Rate value={rate.value} interval={rate} n={n} />
        </span>
      </div>
      <div
        className="relative h-2 w-full rounded-full bg-surface-2"
        role="img"
        aria-label={`${label}: mentioned in ${percent(rate.value)} of answers, 95 % interval ${percent(rate.low)} to ${percent(rate.high)}`}
      >
        <div
          className="absolute inset-y-0 rounded-full bg-accent/25"
          style={{ left: `${rate.low * 100}%`, width: `${(rate.high - rate.low) * 100}%` }}
        />
        <div
          className="absolute inset-y-0 w-1 -translate-x-1/2 rounded-full bg-accent"
          style={{ left: `${rate.value * 100}%` }}
        />
      </div>
    </div>
  );
}

const answers = (n: number) => plural(n, 'answer');

function EngineImpactRow({ row }: { row: EngineRow }) {
  const verdict = verdictView(row.verdict);
  return (
    <li className="flex flex-col gap-3 px-5 py-4" data-testid="engine-impact">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-fg">{row.label}</p>
        <span
          className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[verdict.tone]}`}
        >
          {verdict.label}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <RateBar rate={row.before} label="Before" n={row.beforeSide.answers} />
        <RateBar rate={row.after} label="After" n={row.afterSide.answers} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <dt className="text-subtle">Rank before</dt>
        <dd className="tabular-nums text-fg">{rankText(row.rankBefore)}</dd>
        <dt className="text-subtle">Rank after</dt>
        <dd className="tabular-nums text-fg">{rankText(row.rankAfter)}</dd>
        <dt className="text-subtle">Cited before</dt>
        <dd className="text-fg">
          <Rate value={row.citationRateBefore} n={row.beforeSide.answers} />
        </dd>
        <dt className="text-subtle">Cited after</dt>
        <dd className="text-fg">
          <Rate value={row.citationRateAfter} n={row.afterSide.answers} />
        </dd>
      </dl>
    </li>
  );
}

/** Every engine together: the evidence the opportunity is resolved on. */
function OverallEvidence({ evidence }: { evidence: Impact['evidence'] }) {
  const verdict = evidenceView(evidence.verdict);
  return (
    <section className="flex flex-col gap-3 px-5 py-4" data-testid="impact-evidence">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-fg">Every engine</h3>
        <span
          className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[verdict.tone]}`}
        >
          {verdict.label}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <RateBar
          rate={evidence.before.mentionRate}
          label={`Before · ${evidence.before.mentioned} of ${answers(evidence.before.answers)}`}
          n={evidence.before.answers}
        />
        <RateBar
          rate={evidence.after.mentionRate}
          label={`After · ${evidence.after.mentioned} of ${answers(evidence.after.answers)}`}
          n={evidence.after.answers}
        />
      </div>
      <p className="text-xs text-subtle">
        The opportunity is resolved on this verdict, and its history records these counts.
      </p>
    </section>
  );
}

/**
 * What the published page changed, per engine (docs/closed-loop.md, "Attribution"): mention rate
 * with its 95 % interval before and after, rank, citation rate and the verdict; "not enough data
 * yet" said plainly, with the numbers that exist so far.
 */
export function ImpactPanel({ impact }: { impact: Impact }) {
  return (
    <Card
      title="Impact on the targeted prompt"
      description="Every answer of the 30 days before publishing against every run since the page was read. “Moved” only when the 95 % intervals do not overlap."
      flush
    >
      {impact.enoughData ? null : (
        <div
          role="status"
          className="m-5 mb-0 flex items-start gap-2 rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm text-muted"
        >
          <Info aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-accent-text" />
          <p>{impact.reason ?? 'Not enough data yet.'}</p>
        </div>
      )}
      <OverallEvidence evidence={impact.evidence} />
      {impact.engines.length === 0 ? null : (
        <ul className="divide-y divide-border border-t border-border">
          {impact.engines.map((row) => (
            <EngineImpactRow key={row.engine} row={row} />
          ))}
        </ul>
      )}
    </Card>
  );
}
