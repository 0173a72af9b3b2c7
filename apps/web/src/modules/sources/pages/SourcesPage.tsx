import { useMutation, useQuery } from '@apollo/client/react';
import type { SourcesPageQuery as Data, SourceKind } from '@lumen/schema/generated/graphql';
import { Library } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { percent, plural } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Sparkline } from '../../../ui/Sparkline';
import { toastError } from '../../../ui/toastError';
import { BrandBreadcrumb } from '../../brands/components/BrandBreadcrumb';
import { BrandSubpageStates } from '../../brands/components/BrandSubpageStates';
import { CitesThemNotUs } from '../components/CitesThemNotUs';
import { SetSourceKindMutation, SourcesPageQuery } from '../graphql/sources';
import {
  KIND_HINT,
  KIND_LABEL,
  KIND_ORDER,
  kindShares,
  originText,
  PERIODS,
  periodOf,
  trendText,
} from '../utils/sourcesView';

type Source = Data['sources'][number];

const trendMax = (s: Source) => Math.max(1, ...s.trend.map((d) => d.citations));

const KIND_CLASS: Record<SourceKind, string> = {
  OWNED: 'bg-accent-soft text-accent-text',
  COMPETITOR: 'bg-danger-soft text-danger',
  EDITORIAL: 'bg-success/15 text-success',
  UGC: 'bg-warning/15 text-warning',
  REFERENCE: 'bg-surface-3 text-fg',
  OTHER: 'bg-surface-3 text-muted',
};

function KindBadge({ kind }: { kind: SourceKind }) {
  return (
    <span
      className={`inline-flex rounded-md px-2 py-0.5 text-xs font-medium ${KIND_CLASS[kind]}`}
      title={KIND_HINT[kind]}
    >
      {KIND_LABEL[kind]}
    </span>
  );
}

/** Editors correct a domain's kind for the whole workspace; "Lumen decides" removes it. */
function KindPicker({ source, onChanged }: { source: Source; onChanged: () => Promise<unknown> }) {
  const [save, saving] = useMutation(SetSourceKindMutation);
  const corrected = source.kindOrigin === 'CORRECTION';
  return (
    <select
      aria-label={`Kind of ${source.domain}`}
      className="h-8 rounded-md border border-border-strong bg-surface px-2 text-xs text-fg"
      value={corrected ? source.kind : ''}
      disabled={saving.loading}
      onChange={(e) => {
        const kind = (e.target.value || null) as SourceKind | null;
        void save({ variables: { domain: source.domain, kind } })
          .then(onChanged)
          .catch(toastError);
      }}
    >
      <option value="">{corrected ? 'Let Lumen decide' : 'Lumen decides'}</option>
      {KIND_ORDER.map((k) => (
        <option key={k} value={k}>
          {KIND_LABEL[k]}
        </option>
      ))}
    </select>
  );
}

/** A domain's kind, why it has it, and (for editors) the picker that corrects it. */
function KindCell({
  source,
  canCorrect,
  onChanged,
}: {
  source: Source;
  canCorrect: boolean;
  onChanged: () => Promise<unknown>;
}) {
  return (
    <div className="flex max-w-56 flex-col items-start gap-1">
      <KindBadge kind={source.kind} />
      <span className="text-xs text-subtle">{originText(source.kindOrigin, source.kindRule)}</span>
      {canCorrect ? <KindPicker source={source} onChanged={onChanged} /> : null}
    </div>
  );
}

/** /campaigns/:campaignId/sources: the sites the brand's answers cite, by kind (docs/sources.md). */
export function SourcesPage() {
  const { campaignId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const [kind, setKind] = useState<SourceKind | null>(null);
  const { data, error, loading, refetch } = useQuery(SourcesPageQuery, {
    variables: { brandId: campaignId, range: { lastDays: days } },
    fetchPolicy: 'cache-and-network',
  });

  if (!data?.brand)
    return (
      <BrandSubpageStates
        loaded={Boolean(data)}
        error={error}
        onRetry={() => void refetch()}
        what="the sources"
        tableLabel="Loading the sources table"
      />
    );
  const brand = data.brand;
  const canCorrect = data.currentWorkspace.role !== 'VIEWER';
  const shares = kindShares(data.sources);
  const shown = kind ? data.sources.filter((s) => s.kind === kind) : data.sources;

  const columns: Column<Source>[] = [
    {
      key: 'domain',
      header: 'Site and kind',
      sortValue: (s) => s.domain,
      cell: (s) => (
        <div className="flex min-w-0 flex-col gap-1">
          <a
            href={`https://${s.domain}`}
            target="_blank"
            rel="noreferrer noopener"
            className="truncate font-medium text-fg hover:underline"
          >
            {s.domain}
          </a>
          <KindCell source={s} canCorrect={canCorrect} onChanged={refetch} />
        </div>
      ),
    },
    {
      key: 'share',
      header: 'Share of citations',
      align: 'right',
      sortValue: (s) => s.share,
      cell: (s) => (
        <div className="flex flex-col items-end gap-1">
          <span className="font-medium tabular-nums text-fg">{percent(s.share, 1)}</span>
          <span className="h-1.5 w-24 overflow-hidden rounded-full bg-surface-3" aria-hidden="true">
            <span className="block h-full bg-accent" style={{ width: `${s.share * 100}%` }} />
          </span>
          <span className="text-xs text-subtle">
            {plural(s.citations, 'citation')} in {plural(s.answers, 'answer')}
          </span>
        </div>
      ),
    },
    {
      key: 'trend',
      header: 'Trend',
      wide: true,
      cell: (s) =>
        s.trend.length < 2 ? (
          <span className="text-xs text-subtle">One day of answers</span>
        ) : (
          <div className="flex flex-col gap-0.5">
            <Sparkline values={s.trend.map((d) => d.citations)} domain={[0, trendMax(s)]} />
            <span className="sr-only">{trendText(s.trend)}</span>
            <span aria-hidden="true" className="text-xs text-subtle">
              {plural(s.trend.length, 'day')} with answers
            </span>
          </div>
        ),
    },
    {
      key: 'engines',
      header: 'Cited by',
      wide: true,
      cell: (s) => (
        <ul className="flex flex-col gap-0.5 text-xs text-muted">
          {s.engines.map((e) => (
            <li key={e.engine} className="whitespace-nowrap">
              {e.label} <span className="tabular-nums text-subtle">· {e.citations}</span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'prompts',
      header: 'For prompts',
      wide: true,
      cell: (s) => (
        <details className="max-w-xs text-xs">
          <summary className="cursor-pointer text-muted">
            {s.prompts.length === 5 ? 'Top 5 prompts' : plural(s.prompts.length, 'prompt')}
          </summary>
          <ul className="mt-1 flex list-disc flex-col gap-1 pl-4 text-muted">
            {s.prompts.map((p) => (
              <li key={p.text}>
                {p.text}{' '}
                <span className="text-subtle">
                  ({plural(p.citations, 'citation')}, {p.engines.join(', ')})
                </span>
              </li>
            ))}
          </ul>
        </details>
      ),
    },
  ];

  return (
    <Page>
      <BrandBreadcrumb brand={brand} />
      <PageHeader
        title="Sources"
        description="The sites AI answers cite for this brand’s prompts, of what kind, and who cites them."
        actions={
          <label className="flex items-center gap-2 text-sm text-muted">
            Period
            <select
              className="h-9 rounded-md border border-border-strong bg-surface px-2 text-sm text-fg"
              value={days}
              onChange={(e) => setParams({ days: e.target.value }, { replace: true })}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  Last {p} days
                </option>
              ))}
            </select>
          </label>
        }
      />
      {error ? (
        <ErrorState
          title="Could not refresh the sources"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : null}
      {data.sources.length === 0 ? (
        <EmptyState
          icon={Library}
          title="No citations in this period"
          action={
            <Link to={`/campaigns/${brand.id}`} className={buttonClass.primary}>
              Open the brand
            </Link>
          }
        >
          When engines cite web pages in their answers to this brand’s prompts, each site is listed
          here with its share of the citations and its kind: the brand’s own, a competitor’s,
          editorial, community or reference. Run the brand, or pick a longer period.
        </EmptyState>
      ) : (
        <>
          <Card title="By kind" description="Click a kind to list only its sites.">
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Filter by kind</legend>
              <button
                type="button"
                aria-pressed={kind === null}
                className={`${buttonClass.secondary} h-auto py-1.5 aria-pressed:border-accent aria-pressed:bg-accent-soft`}
                onClick={() => setKind(null)}
              >
                All · {plural(data.sources.length, 'site')}
              </button>
              {shares.map((s) => (
                <button
                  key={s.kind}
                  type="button"
                  aria-pressed={kind === s.kind}
                  title={KIND_HINT[s.kind]}
                  className={`${buttonClass.secondary} h-auto py-1.5 aria-pressed:border-accent aria-pressed:bg-accent-soft`}
                  onClick={() => setKind(kind === s.kind ? null : s.kind)}
                >
                  {KIND_LABEL[s.kind]} · {percent(s.share)} ({plural(s.domains, 'site')})
                </button>
              ))}
            </fieldset>
          </Card>
          <Card flush aria-label="Cited sites">
            <DataTable
              label="Cited sites"
              columns={columns}
              rows={shown}
              rowKey={(s) => s.domain}
              loading={loading}
              error={error ?? null}
              onRetry={() => void refetch()}
              initialSort={{ key: 'share', direction: 'desc' }}
              empty={<p className="p-5 text-sm text-muted">No site of this kind in the period.</p>}
            />
          </Card>
          <CitesThemNotUs brandId={brand.id} days={days} canRead={canCorrect} />
        </>
      )}
    </Page>
  );
}
