import type { QuickScoreData } from '../hooks/useQuickScore';
import { HighlightedExcerpt } from './HighlightedExcerpt';

type Samples = NonNullable<QuickScoreData['result']>['sampleAnswers'];

export function SampleAnswers({ answers, brandName }: { answers: Samples; brandName: string }) {
  if (answers.length === 0) {
    return <p className="text-sm text-muted">No answers to show.</p>;
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {answers.map((answer) => (
        <li
          key={`${answer.engine}:${answer.prompt}`}
          className="flex min-w-0 flex-col gap-2 rounded-xl border border-border bg-surface p-4"
          data-testid="sample-answer"
        >
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs font-semibold text-fg">{answer.label}</span>
            <span
              className={`rounded-full border px-2 py-px text-[11px] ${answer.mentioned ? 'border-accent/50 text-accent-text' : 'border-border-strong text-subtle'}`}
            >
              {answer.mentioned ? `Names ${brandName}` : `No ${brandName}`}
            </span>
          </div>
          <p className="text-sm font-medium text-fg">“{answer.prompt}”</p>
          <HighlightedExcerpt text={answer.excerpt} spans={answer.highlights} />
        </li>
      ))}
    </ul>
  );
}
