import {
  ArrowRight,
  Gauge,
  Lightbulb,
  type LucideIcon,
  MessageSquareText,
  Plus,
  Radar,
  Tags,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { formatCount, plural } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { RecountNotices } from '../../brands/components/RecountNotices';
import { DashboardNumbers } from '../../metrics/components/DashboardNumbers';
import { useNavigationCounts } from '../../shell/hooks/useNavigationCounts';
import { DashboardActivity } from '../components/DashboardActivity';

type Tile = { label: string; value: string; to: string; icon: LucideIcon; hint: string };

export function DashboardPage() {
  const { counts, loading, error, refetch } = useNavigationCounts();

  return (
    <Page>
      <PageHeader
        title="Dashboard"
        description="How visible your brands are in AI answers, what moved, and what to do next."
        actions={
          <Link to="/campaigns/create" className={buttonClass.primary}>
            <Plus aria-hidden="true" size={16} />
            Add brand
          </Link>
        }
      />
      {error ? (
        <ErrorState
          title="Could not load your workspace"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : loading || !counts ? (
        <div
          role="status"
          aria-label="Loading dashboard"
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        >
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} className="h-28" />
          ))}
        </div>
      ) : counts.brands === 0 ? (
        <GettingStarted />
      ) : (
        <>
          <RecountNotices />
          <DashboardNumbers
            totals={(t) => (
              <Overview
                tiles={[
                  {
                    label: 'Brands tracked',
                    value: String(counts.brands),
                    to: '/campaigns',
                    icon: Tags,
                    hint: `${t.measured} measured in the last 7 days`,
                  },
                  {
                    label: 'Answers, last 7 days',
                    value: formatCount(t.answers),
                    to: '/analytics?range=7',
                    icon: MessageSquareText,
                    hint: 'Non-branded prompts, every engine',
                  },
                  {
                    label: 'Average score',
                    value: t.averageScore === null ? '—' : String(t.averageScore),
                    to: '/campaigns',
                    icon: Gauge,
                    hint:
                      t.averageScore === null
                        ? 'No brand measured this week'
                        : 'Mean of the measured brands, 0–100',
                  },
                  {
                    label: 'Open opportunities',
                    value: String(counts.opportunities),
                    to: '/publishing/opportunities',
                    icon: Lightbulb,
                    hint: `${plural(counts.drafts, 'draft')} in review · ${counts.published} published`,
                  },
                ]}
              />
            )}
          />
          <DashboardActivity />
        </>
      )}
    </Page>
  );
}

function Overview({ tiles }: { tiles: Tile[] }) {
  return (
    <section
      aria-label="Workspace overview"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      {tiles.map((tile) => (
        <Link
          key={tile.label}
          to={tile.to}
          className="group flex flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition-colors duration-150 hover:border-border-strong"
        >
          <span className="flex items-center justify-between text-sm text-muted">
            {tile.label}
            <tile.icon aria-hidden="true" size={16} className="text-subtle" />
          </span>
          <span className="text-3xl font-semibold tabular-nums tracking-tight text-fg">
            {tile.value}
          </span>
          <span className="text-xs text-subtle">{tile.hint}</span>
        </Link>
      ))}
    </section>
  );
}

const STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Tags,
    title: 'Add your brand',
    body: 'Its name, aliases and domains, and the competitors you want to be compared with.',
  },
  {
    icon: Radar,
    title: 'Measure',
    body: 'Lumen asks AI engines the questions your buyers ask and records who they mention and cite.',
  },
  {
    icon: Lightbulb,
    title: 'Close the gaps',
    body: 'Each answer where a competitor appears and you do not becomes an opportunity with a content plan.',
  },
];

function GettingStarted() {
  return (
    <section
      aria-labelledby="getting-started"
      className="overflow-hidden rounded-xl border border-border bg-surface"
    >
      <div className="flex flex-col gap-2 border-b border-border p-6">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
          <Gauge aria-hidden="true" size={20} />
        </span>
        <h2 id="getting-started" className="mt-2 text-lg font-semibold text-fg">
          Track your first brand
        </h2>
        <p className="max-w-xl text-sm text-muted">
          Your workspace has no brands yet. Add one and Lumen measures how often AI answers mention
          it, where it ranks against competitors, and which sources the engines rely on.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to="/campaigns/create" className={buttonClass.primary}>
            <Plus aria-hidden="true" size={16} />
            Add your first brand
          </Link>
          <Link to="/visibility/quick-score" className={buttonClass.secondary}>
            Run a free quick score
            <ArrowRight aria-hidden="true" size={16} />
          </Link>
        </div>
      </div>
      <ol className="grid grid-cols-1 divide-y divide-border md:grid-cols-3 md:divide-x md:divide-y-0">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex flex-col gap-1.5 p-5">
            <span className="flex items-center gap-2 text-sm font-medium text-fg">
              <span className="flex h-6 w-6 items-center justify-center rounded-full bg-surface-3 text-xs tabular-nums text-muted">
                {index + 1}
              </span>
              {step.title}
            </span>
            <p className="text-sm text-muted">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
