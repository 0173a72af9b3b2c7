import { useMutation, useQuery } from '@apollo/client/react';
import { ChevronRight, FileText, Globe, Library, Pencil, Plus, Swords } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { plural, timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { PageLoading } from '../../../ui/PageLoading';
import { toastError } from '../../../ui/toastError';
import { BrandNumbers } from '../../metrics/components/BrandNumbers';
import { RunHistory } from '../../runs/components/RunHistory';
import { RunNowButton } from '../../runs/components/RunNowButton';
import { RunPanel } from '../../runs/components/RunPanel';
import { MissingItem } from '../../shell/components/MissingItem';
import { tintOf } from '../components/AliasTester';
import { PromptImport } from '../components/PromptImport';
import { RecountNotice } from '../components/RecountNotice';
import { ScoreCell } from '../components/ScoreCell';
import { AddKeywordsMutation, BrandQuery } from '../graphql/brands';
import { cadenceLabel } from '../utils/brandFormat';

export function BrandDetailPage() {
  const { campaignId = '' } = useParams();
  const { data, error, refetch } = useQuery(BrandQuery, {
    variables: { id: campaignId },
    fetchPolicy: 'cache-and-network',
  });
  const [addKeywords, adding] = useMutation(AddKeywordsMutation);
  const [keyword, setKeyword] = useState('');
  const [keywordError, setKeywordError] = useState<string | null>(null);
  if (!data) return <PageLoading error={error} onRetry={refetch} label="Loading the brand" />;
  const brand = data.brand;
  if (!brand)
    return (
      <Page>
        <MissingItem noun="brand" backTo="/campaigns" backLabel="Back to brands" />
      </Page>
    );
  const run = brand.latestRun;

  const submitKeyword = (event: FormEvent) => {
    event.preventDefault();
    const text = keyword.trim();
    // An empty box is answered, never silently ignored.
    if (!text) {
      setKeywordError('Type a keyword first, for example “sales pipeline tool”.');
      return;
    }
    setKeywordError(null);
    void addKeywords({ variables: { brandId: brand.id, texts: [text] } })
      .then(async (result) => {
        setKeyword('');
        toast.success(
          result.data?.addKeywords.length
            ? `“${text}” added with generated prompts.`
            : `“${text}” is already a keyword.`,
        );
        await refetch();
      })
      .catch(toastError);
  };

  return (
    <Page>
      <nav aria-label="Breadcrumb" className="text-sm text-subtle">
        <Link to="/campaigns" className="hover:text-fg">
          Brands
        </Link>
      </nav>
      <PageHeader
        title={brand.name}
        description={[brand.domains.join(', '), brand.industry, brand.country]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <RunNowButton brand={brand} variant="primary" align="end" />
            <Link to={`/campaigns/${brand.id}/site`} className={buttonClass.secondary}>
              <Globe aria-hidden="true" size={16} />
              Site
            </Link>
            <Link to={`/campaigns/${brand.id}/sources`} className={buttonClass.secondary}>
              <Library aria-hidden="true" size={16} />
              Sources
            </Link>
            <Link to={`/campaigns/${brand.id}/reports`} className={buttonClass.secondary}>
              <FileText aria-hidden="true" size={16} />
              Reports
            </Link>
            <Link to={`/campaigns/${brand.id}/edit`} className={buttonClass.secondary}>
              <Pencil aria-hidden="true" size={16} />
              Edit
            </Link>
          </>
        }
      />
      <RecountNotice brandId={brand.id} />
      <RunPanel brand={brand} runId={run?.id ?? null} />
      <BrandNumbers
        brandId={brand.id}
        timezone={brand.schedule.timezone}
        measured={run !== null}
        refreshKey={run ? `${run.id}:${run.status}` : ''}
        runAction={<RunNowButton brand={brand} variant="primary" />}
        latestLabel={
          run?.finishedAt
            ? `${run.trigger === 'QUICK_SCORE' ? 'From the quick check' : 'Latest run'} · ${timeAgo(String(run.finishedAt))}`
            : undefined
        }
        latest={
          run ? (
            <div data-testid="brand-score" className="flex flex-col items-center gap-1">
              <ScoreCell run={run} large />
              <p className="text-sm text-muted">
                {`${run.trigger === 'QUICK_SCORE' ? 'From the quick check' : 'Latest run'} · ${timeAgo(String(run.finishedAt ?? run.createdAt))}`}
              </p>
            </div>
          ) : null
        }
      />
      <div className="grid gap-4">
        <Card title="Setup">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact label="Aliases" value={brand.aliases.join(', ') || 'none'} />
            <Fact label="Domains" value={brand.domains.join(', ') || 'none'} />
            <Fact label="Engines" value={plural(brand.engines.length, 'engine')} />
            <Fact
              label="Samples"
              value={`${plural(brand.samples, 'answer')} per prompt and engine in each run`}
            />
            <Fact
              label="Schedule"
              value={`${cadenceLabel(brand.schedule)} (${brand.schedule.timezone})${brand.status === 'PAUSED' ? ', paused' : ''}`}
            />
            <Fact label="Language" value={brand.language} />
            <Fact label="Prompts" value={plural(brand.promptCount, 'prompt')} />
          </dl>
        </Card>
      </div>
      <RunHistory brandId={brand.id} />
      <Card
        title="Competitors"
        description="Share of voice and rank compare the brand with these."
        actions={
          <>
            <Link to={`/competitors?brand=${brand.id}`} className={buttonClass.ghost}>
              <Swords aria-hidden="true" size={16} />
              Compare
            </Link>
            <Link to={`/campaigns/${brand.id}/edit`} className={buttonClass.ghost}>
              Manage
            </Link>
          </>
        }
      >
        {brand.competitors.length === 0 ? (
          <p className="text-sm text-muted">No competitors yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {brand.competitors.map((c, i) => (
              <li key={c.id} className={`rounded-md px-2 py-1 text-sm ${tintOf(i + 1)}`}>
                {c.name}
                {c.source === 'DISCOVERED' ? (
                  <span className="ml-1 text-xs opacity-80">found in answers</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Keywords and prompts" flush>
        <ul className="divide-y divide-border">
          {brand.keywords.map((k) => {
            const active = k.prompts.filter((p) => p.active).length;
            return (
              <li key={k.id}>
                <Link
                  to={`/campaigns/${brand.id}/keywords/${k.id}`}
                  className="flex items-center justify-between gap-3 px-5 py-3 hover:bg-surface-2"
                >
                  <span className="font-medium text-fg">{k.text}</span>
                  <span className="flex items-center gap-2 text-sm text-muted">
                    {plural(k.prompts.length, 'prompt')}
                    {active < k.prompts.length ? ` (${active} active)` : ''}
                    <ChevronRight aria-hidden="true" size={16} />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <form
          onSubmit={submitKeyword}
          className="flex flex-wrap gap-2 border-t border-border px-5 py-3"
        >
          <label htmlFor="new-keyword" className="sr-only">
            New keyword
          </label>
          <input
            id="new-keyword"
            className={`${inputClass} max-w-xs`}
            placeholder="New keyword, e.g. sales pipeline tool"
            value={keyword}
            aria-invalid={keywordError ? true : undefined}
            aria-describedby={keywordError ? 'new-keyword-error' : undefined}
            onChange={(e) => {
              setKeyword(e.target.value);
              if (e.target.value.trim()) setKeywordError(null);
            }}
          />
          <button type="submit" className={buttonClass.secondary} disabled={adding.loading}>
            <Plus aria-hidden="true" size={16} />
            Add keyword
          </button>
          {keywordError ? (
            <p id="new-keyword-error" role="alert" className="basis-full text-xs text-danger">
              {keywordError}
            </p>
          ) : null}
        </form>
        {brand.keywords[0] ? (
          <div className="border-t border-border px-5 py-4">
            <PromptImport
              brandId={brand.id}
              keywordId={brand.keywords[0].id}
              keywords={brand.keywords}
              brandPlace={brand}
              onDone={() => void refetch()}
            />
          </div>
        ) : null}
      </Card>
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-subtle">{label}</dt>
      <dd className="truncate text-fg">{value}</dd>
    </div>
  );
}
