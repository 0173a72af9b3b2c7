import { Gauge, Quote, Swords, Target } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Page, PageHeader } from '../../../ui/PageHeader';

const PARTS = [
  {
    icon: Target,
    title: 'Mention rate',
    body: 'How often engines name your brand when asked about your category.',
  },
  {
    icon: Swords,
    title: 'Share of voice',
    body: 'Your mentions against your competitors’ mentions.',
  },
  { icon: Quote, title: 'Citations', body: 'How often engines cite your own domain as a source.' },
];

export function QuickScorePage() {
  return (
    <Page width="narrow">
      <PageHeader
        title="Visibility Score"
        description="How visible is your brand in the answers of ChatGPT, Claude, Gemini and Perplexity? The quick check asks them ten questions a buyer in your category would ask, and scores what comes back."
      />
      <section className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
            <Gauge aria-hidden="true" size={20} />
          </span>
          <div>
            <h2 className="text-sm font-semibold text-fg">A score from 0 to 100</h2>
            <p className="text-sm text-muted">
              40 % mention rate, 30 % position, 15 % citations, 15 % share of voice.
            </p>
          </div>
        </div>
        <ul className="grid gap-3 sm:grid-cols-3">
          {PARTS.map((part) => (
            <li key={part.title} className="rounded-lg border border-border bg-surface-2 p-3">
              <part.icon aria-hidden="true" size={16} className="text-subtle" />
              <h3 className="mt-2 text-sm font-medium text-fg">{part.title}</h3>
              <p className="mt-1 text-xs text-muted">{part.body}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-5">
        <div>
          <h2 className="text-sm font-semibold text-fg">Track it every day</h2>
          <p className="text-sm text-muted">
            An account measures your brand on a schedule and turns gaps into content.
          </p>
        </div>
        <Link to="/signup" className={buttonClass.primary}>
          Create a free account
        </Link>
      </section>
    </Page>
  );
}
