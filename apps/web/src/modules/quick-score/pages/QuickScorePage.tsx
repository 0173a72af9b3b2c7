import { useQuery } from '@apollo/client/react';
import { Bot, Gauge, type LucideIcon, MessageSquareText } from 'lucide-react';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { QuickScoreForm } from '../components/QuickScoreForm';
import { QuickScoreEnginesQuery } from '../graphql/quickScore';
import { describeEngineStep } from '../utils/engineStep';
import { FORM_LIMITS } from '../utils/quickScoreDraft';

type Step = { icon: LucideIcon; title: string; body: string };

function steps(engineStep: { title: string; body: string }): Step[] {
  return [
    {
      icon: MessageSquareText,
      title: `${FORM_LIMITS.prompts} buyer questions`,
      body: 'Brand-neutral questions about your industry: best tools, comparisons, alternatives.',
    },
    { icon: Bot, ...engineStep },
    {
      icon: Gauge,
      title: 'A score in seconds',
      body: 'How often you are named, how high, cited and against whom, 0 to 100.',
    },
  ];
}

export function QuickScorePage() {
  // The server says which engines a check asks; until it answers, the step names none.
  const { data } = useQuery(QuickScoreEnginesQuery, { fetchPolicy: 'cache-first' });
  const items = steps(describeEngineStep(data?.quickScoreEngines ?? null));
  return (
    <Page width="narrow">
      <PageHeader
        title="Visibility Score"
        description="How visible is your brand when people ask AI assistants about your category? Run the free quick check and get an explained score."
      />
      <ol className="grid gap-3 sm:grid-cols-3">
        {items.map((step, index) => (
          <li
            key={step.title}
            className="flex gap-3 rounded-xl border border-border bg-surface p-4"
          >
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
              <step.icon aria-hidden="true" size={16} />
            </span>
            <div className="min-w-0">
              <h2 className="text-sm font-medium text-fg">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h2>
              <p className="mt-0.5 text-xs text-muted">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <section
        aria-labelledby="quick-check-heading"
        className="rounded-xl border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="quick-check-heading" className="mb-4 text-base font-semibold text-fg">
          Your brand
        </h2>
        <QuickScoreForm />
      </section>
    </Page>
  );
}
