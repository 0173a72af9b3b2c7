import { ListChecks } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { lazyPage } from '../../../app/lazyPage';
import { Skeleton } from '../../../ui/Skeleton';
import type { QuickScoreData } from '../hooks/useQuickScore';
import { isZeroVisibility } from '../utils/quickScoreView';
import { scoreTerms } from '../utils/scoreTerms';
import { FormulaBreakdown } from './FormulaBreakdown';
import { KpiTiles } from './KpiTiles';
import { Opportunities } from './Opportunities';
import { SampleAnswers } from './SampleAnswers';
import { ScoreGauge } from './ScoreGauge';
import { ShareOfVoice } from './ShareOfVoice';
import { SignupCta } from './SignupCta';
import { TopSources } from './TopSources';
import { ZeroVisibility } from './ZeroVisibility';

const EngineChart = lazyPage(() => import('./EngineChart'), 'EngineChart');

function Card({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-surface p-5"
    >
      <div>
        <h2 id={id} className="text-sm font-semibold text-fg">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-xs text-subtle">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

export function QuickScoreResults({ score }: { score: QuickScoreData }) {
  const result = score.result;
  if (!result) return null;
  const terms = scoreTerms(result, result.formula);
  const zero = isZeroVisibility(score);
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label="Visibility score"
        className="grid items-center gap-6 rounded-xl border border-border bg-surface p-5 md:grid-cols-[220px_1fr] sm:p-6"
      >
        <ScoreGauge score={result.score} />
        <FormulaBreakdown terms={terms} score={result.score} text={result.formula.text} />
      </section>
      {zero ? (
        <ZeroVisibility
          brandName={score.brandName}
          answers={result.answers}
          engines={result.engines.length}
        />
      ) : null}
      <KpiTiles result={result} />
      <Card
        id="engines-heading"
        title="By engine"
        description="Each engine's own score (same formula) and how often it named you."
      >
        {result.engines.length === 0 ? (
          <p className="text-sm text-muted">No engine answered.</p>
        ) : result.engines.every((e) => e.score === 0 && e.mentionRate === 0) ? (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="engine-chart">
            {result.engines.map((engine) => (
              <li
                key={engine.engine}
                className="flex items-center justify-between gap-3 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm"
              >
                <span className="min-w-0 truncate text-fg">{engine.label}</span>
                <span className="shrink-0 text-xs text-muted tabular-nums">
                  score 0 · named in 0 of {engine.answers}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <EngineChart engines={result.engines} />
          </Suspense>
        )}
      </Card>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card
          id="sov-heading"
          title="Share of voice"
          description="Each brand's share of all brand mentions, and how often it was named."
        >
          <ShareOfVoice competitors={result.competitors} />
        </Card>
        <Card
          id="sources-heading"
          title="Top cited sources"
          description="The pages engines rely on for your category."
        >
          <TopSources sources={result.topSources} />
        </Card>
      </div>
      <Card
        id="opportunities-heading"
        title="Top opportunities"
        description="Where competitors are named and you are not, ranked by impact (0–100)."
      >
        <Opportunities items={result.opportunities} />
      </Card>
      <section aria-labelledby="answers-heading" className="flex flex-col gap-3">
        <div>
          <h2 id="answers-heading" className="text-sm font-semibold text-fg">
            What the engines said
          </h2>
          <p className="mt-0.5 text-xs text-subtle">
            Excerpts of real answers; mentions of {score.brandName} are highlighted.
          </p>
        </div>
        <SampleAnswers answers={result.sampleAnswers} brandName={score.brandName} />
      </section>
      {result.prompts.length > 0 ? (
        <details className="group rounded-xl border border-border bg-surface p-5">
          <summary className="flex cursor-pointer items-center gap-2 text-sm font-semibold text-fg">
            <ListChecks aria-hidden="true" size={16} className="text-subtle" />
            The {result.prompts.length} questions we asked
          </summary>
          <ol className="mt-3 flex list-decimal flex-col gap-1 pl-5 text-sm text-muted">
            {result.prompts.map((prompt) => (
              <li key={prompt}>{prompt}</li>
            ))}
          </ol>
        </details>
      ) : null}
      <SignupCta requestId={score.id} brandName={score.brandName} />
    </div>
  );
}
