import { useQuery } from '@apollo/client/react';
import type { OpportunityDetailQuery as Detail } from '@lumen/schema/generated/graphql';
import { ArrowLeft, ExternalLink, Globe, PenLine, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { formatMoment, percent, plural } from '../../../ui/format';
import { Page } from '../../../ui/PageHeader';
import { Skeleton, SkeletonRows } from '../../../ui/Skeleton';
import { CreateContentDialog } from '../../publishing/components/CreateContentDialog';
import { HighlightedExcerpt } from '../../quick-score/components/HighlightedExcerpt';
import { DismissDialog } from '../components/DismissDialog';
import { ImpactMeter, StatusBadge, TypeBadge } from '../components/OpportunityBadges';
import { OpportunityDetailQuery } from '../graphql/opportunities';
import { useOpportunityActions } from '../hooks/useOpportunityActions';
import { allowedTargets, KIND_LABEL, KIND_WHY, STATUS_LABEL } from '../utils/opportunityView';

type Opportunity = NonNullable<Detail['opportunity']>;

const OWNER_LABEL = { OWN: 'Yours', COMPETITOR: 'Competitor', THIRD_PARTY: 'Third party' } as const;

/** One page for /opportunities/:opportunityId and /content-gaps/:gapId. */
export function OpportunityDetailPage() {
  const params = useParams();
  const id = params.opportunityId ?? params.gapId ?? '';
  const { data, error, refetch } = useQuery(OpportunityDetailQuery, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const back = (
    <Link to="/publishing/opportunities" className={`${buttonClass.ghost} -ml-3 self-start`}>
      <ArrowLeft aria-hidden="true" size={16} />
      Back to opportunities
    </Link>
  );
  if (error && !data) {
    return (
      <Page>
        {back}
        <ErrorState
          title="Could not load this opportunity"
          error={error}
          onRetry={() => refetch()}
        />
      </Page>
    );
  }
  if (!data) {
    return (
      <Page>
        {back}
        <div role="status" aria-label="Loading opportunity" className="flex flex-col gap-4">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-1/3" />
          <SkeletonRows rows={5} />
        </div>
      </Page>
    );
  }
  const o = data.opportunity;
  if (!o) {
    return (
      <Page>
        {back}
        <EmptyState icon={SearchX} title="Opportunity not found">
          It may have been removed with its brand, or it belongs to another workspace.
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page>
      {back}
      <Header o={o} />
      {/* Columns may shrink below their content (min-w-0): a wide table scrolls in its card
          instead of pushing the page sideways at 390 px. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {o.finding ? (
          // A technical opportunity stands for a site audit finding, not for answers.
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <FindingCard finding={o.finding} />
          </div>
        ) : o.outreach ? (
          // An outreach opportunity stands for a cited page (docs/sources.md).
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <OutreachCard outreach={o.outreach} />
          </div>
        ) : (
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <Where o={o} />
            <Excerpts o={o} />
            <Sources o={o} />
            <OutlineCard o={o} />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-6">
          {o.finding || o.outreach ? null : <Competitors o={o} />}
          {o.finding || o.outreach ? null : <Recommended o={o} />}
          <History o={o} />
        </div>
      </div>
    </Page>
  );
}

function Header({ o }: { o: Opportunity }) {
  const actions = useOpportunityActions();
  const [dismissing, setDismissing] = useState(false);
  const [ordering, setOrdering] = useState(false);
  // A TECHNICAL opportunity is fixed on the site (docs/site-audit.md), not by writing content:
  // its fix and the brand's Site page stand where "Create content" would.
  const technical = o.type === 'TECHNICAL';
  // Nor is outreach: someone asks the cited site to include the brand (docs/sources.md).
  const canOrder = o.status !== 'DISMISSED' && !technical && o.type !== 'SOURCE_OUTREACH';
  const targets = allowedTargets(o.status).filter((s) => s !== 'DISMISSED');
  return (
    <header className="flex flex-col gap-3 border-b border-border pb-5">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <StatusBadge status={o.status} />
        <TypeBadge type={o.type} />
        <ImpactMeter impact={o.impact} />
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-fg">{o.title}</h1>
      <p className="text-sm text-muted">
        <Link to={`/campaigns/${o.brand.id}`} className="hover:text-fg">
          {o.brand.name}
        </Link>
        {o.keyword ? <> · {o.keyword.text}</> : null} · found {formatMoment(o.createdAt)}
        {o.resolvedAt ? <> · resolved {formatMoment(o.resolvedAt)}</> : null}
      </p>
      {technical && o.finding ? (
        <p className="text-sm text-fg" data-testid="technical-fix">
          <span className="text-subtle">Fix on the site: </span>
          {o.finding.fix}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {technical ? (
          <Link to={`/campaigns/${o.brand.id}/site`} className={buttonClass.primary}>
            <Globe aria-hidden="true" size={16} />
            Open the site audit
          </Link>
        ) : null}
        {canOrder ? (
          <button type="button" className={buttonClass.primary} onClick={() => setOrdering(true)}>
            <PenLine aria-hidden="true" size={16} />
            Create content
          </button>
        ) : null}
        {targets.map((status, i) => (
          <button
            key={status}
            type="button"
            disabled={actions.busy}
            className={
              i === 0 && !canOrder && !technical ? buttonClass.primary : buttonClass.secondary
            }
            onClick={() => actions.move([o.id], status)}
          >
            {status === 'NEW' ? 'Reopen' : `Move to ${STATUS_LABEL[status]}`}
          </button>
        ))}
        {allowedTargets(o.status).includes('DISMISSED') ? (
          <button
            type="button"
            disabled={actions.busy}
            className={buttonClass.ghost}
            onClick={() => setDismissing(true)}
          >
            Dismiss
          </button>
        ) : null}
      </div>
      {technical ? null : (
        <CreateContentDialog open={ordering} opportunity={o} onClose={() => setOrdering(false)} />
      )}
      <DismissDialog
        open={dismissing}
        count={1}
        busy={actions.busy}
        onCancel={() => setDismissing(false)}
        onConfirm={async (reason) => {
          await actions.move([o.id], 'DISMISSED', reason);
          setDismissing(false);
        }}
      />
    </header>
  );
}

const SEVERITY = {
  HIGH: 'High: costs visibility now',
  MEDIUM: 'Medium',
  LOW: 'Low',
} as const;

const AREA = {
  ACCESS: 'AI crawler access (robots.txt)',
  LLMS: 'llms.txt',
  PAGE: 'Page structure',
  SITEMAP: 'Sitemap',
} as const;

const CONTACT = {
  SUBMIT: 'Submit or suggest page',
  CONTACT: 'Contact page',
  THREAD: 'Answer in the thread',
} as const;

/** The cited page that names competitors but not the brand, and where to ask (docs/sources.md). */
function OutreachCard({ outreach }: { outreach: NonNullable<Opportunity['outreach']> }) {
  return (
    <Card
      title="The cited page"
      description="Engines cite this page for the brand’s prompts; it names competitors, not the brand."
      aria-label="The cited page"
    >
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-xs text-subtle">Page</dt>
          <dd className="mt-1 break-all text-fg">
            <a
              href={outreach.url}
              target="_blank"
              rel="noreferrer noopener"
              className="hover:text-accent-text"
            >
              {outreach.title ?? outreach.url}
            </a>
            <span className="block text-xs text-subtle">{outreach.url}</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-subtle">Names</dt>
          <dd className="mt-1 text-fg">{outreach.competitors.join(', ')}</dd>
        </div>
        <div>
          <dt className="text-xs text-subtle">Share of citations</dt>
          <dd className="mt-1 tabular-nums text-fg">
            {percent(outreach.share, 1)} ({plural(outreach.citations, 'citation')})
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-subtle">Cited for</dt>
          <dd className="mt-1">
            <ul className="flex list-disc flex-col gap-1 pl-4 text-fg">
              {outreach.prompts.map((p) => (
                <li key={p.text}>
                  {p.text} <span className="text-subtle">({p.engineLabels.join(', ')})</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-subtle">Where to ask</dt>
          <dd className="mt-1 break-all text-fg">
            {outreach.contact ? (
              <a
                href={outreach.contact.url}
                target="_blank"
                rel="noreferrer noopener"
                className="text-accent-text hover:underline"
              >
                {CONTACT[outreach.contact.kind]}
              </a>
            ) : (
              'No contact or submit page was found on the page; look on the site itself.'
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** What the site audit found (docs/site-audit.md): the evidence as read, and the fix in words. */
function FindingCard({ finding }: { finding: NonNullable<Opportunity['finding']> }) {
  return (
    <Card
      title="What the site audit found"
      description={finding.title}
      aria-label="What the site audit found"
    >
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-subtle">Severity</dt>
          <dd className="mt-1 text-fg">{SEVERITY[finding.severity]}</dd>
        </div>
        <div>
          <dt className="text-xs text-subtle">Area</dt>
          <dd className="mt-1 text-fg">{AREA[finding.area]}</dd>
        </div>
        {finding.url ? (
          <div className="sm:col-span-2">
            <dt className="text-xs text-subtle">Page</dt>
            <dd className="mt-1 break-all text-fg">
              <a
                href={finding.url}
                target="_blank"
                rel="noreferrer noopener"
                className="hover:text-accent-text"
              >
                {finding.url}
              </a>
            </dd>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <dt className="text-xs text-subtle">Evidence</dt>
          <dd className="mt-1 whitespace-pre-wrap break-words font-mono text-xs text-fg">
            {finding.evidence}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-subtle">How to fix it</dt>
          <dd className="mt-1 text-fg">{finding.fix}</dd>
        </div>
      </dl>
    </Card>
  );
}

function Where({ o }: { o: Opportunity }) {
  const e = o.evidence;
  return (
    <Card title="Where the gap shows">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-xs text-subtle">Prompt</dt>
          {e.prompts.map((p) => (
            <dd key={p} className="mt-1 text-fg">
              “{p}”
            </dd>
          ))}
        </div>
        <div>
          <dt className="text-xs text-subtle">Engines</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {e.engines.map((engine) => (
              <span key={engine} className="rounded-md bg-surface-3 px-2 py-0.5 text-xs text-fg">
                {e.excerpts.find((x) => x.engine === engine)?.engineLabel ?? engine}
              </span>
            ))}
            <span className="text-xs text-muted">
              {e.engines.length} of {e.totalEngines} that answered
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-subtle">Seen in</dt>
          <dd className="mt-1 text-fg">
            {o.lastRun ? (
              <Link
                to={`/campaigns/${o.brand.id}/runs/${o.lastRun.id}`}
                className="hover:text-accent-text"
              >
                The run of {o.lastRun.finishedAt ? formatMoment(o.lastRun.finishedAt) : 'the brand'}
              </Link>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function Competitors({ o }: { o: Opportunity }) {
  const list = o.evidence.competitors;
  return (
    <Card title="Named instead" description="Competitors in the answers that show the gap." flush>
      {list.length === 0 ? (
        <p className="p-5 text-sm text-muted">No competitor is named in these answers.</p>
      ) : (
        <ul className="divide-y divide-border">
          {list.map((c) => (
            <li
              key={c.name}
              className="flex items-center justify-between gap-3 px-5 py-2.5 text-sm"
            >
              <span className="font-medium text-fg">{c.name}</span>
              <span className="text-xs text-muted tabular-nums">
                {c.count} of {o.evidence.totalEngines} engines
                {c.bestRank ? ` · best #${c.bestRank}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Excerpts({ o }: { o: Opportunity }) {
  const list = o.evidence.excerpts;
  return (
    <Card
      title="What the answers say"
      description="Excerpts from the stored answers, competitors highlighted."
    >
      {list.length === 0 ? (
        <p className="text-sm text-muted">
          The answers of the run that found this gap are no longer stored.
        </p>
      ) : (
        <ul aria-label="Answer excerpts" className="flex flex-col gap-4">
          {list.map((x) => (
            <li key={x.answerId} className="flex flex-col gap-1.5">
              <span className="text-xs font-medium text-subtle">
                {x.engineLabel} names {x.names.join(', ')}
              </span>
              <blockquote className="border-l-2 border-border-strong pl-3">
                <HighlightedExcerpt text={x.text} spans={x.spans} />
              </blockquote>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Sources({ o }: { o: Opportunity }) {
  const list = o.evidence.sources;
  return (
    <Card
      title="Sources the engines cite"
      description="The places to get into: the pages engines rely on where your brand is missing."
      flush
    >
      {list.length === 0 ? (
        <p className="p-5 text-sm text-muted">These answers cite no sources.</p>
      ) : (
        <table aria-label="Cited sources" className="w-full text-sm">
          <thead className="border-b border-border text-xs text-subtle">
            <tr>
              <th scope="col" className="px-5 py-2 text-left font-medium">
                Domain
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Owner
              </th>
              <th scope="col" className="px-5 py-2 text-right font-medium">
                Citations
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {list.map((s) => (
              <tr key={s.domain}>
                <td className="px-5 py-2.5">
                  <a
                    href={s.urls[0] ?? `https://${s.domain}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-fg hover:text-accent-text"
                  >
                    {s.domain}
                    <ExternalLink aria-hidden="true" size={12} />
                  </a>
                </td>
                <td className="px-3 py-2.5 text-muted">
                  {OWNER_LABEL[s.owner]}
                  {s.ownerName ? ` · ${s.ownerName}` : ''}
                </td>
                <td className="px-5 py-2.5 text-right tabular-nums text-fg">{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function Recommended({ o }: { o: Opportunity }) {
  const kind = o.recommendedKind;
  return (
    <Card title="Recommended content">
      {kind ? (
        <div className="flex flex-col gap-1.5 text-sm">
          <p className="font-medium text-fg">{KIND_LABEL[kind]}</p>
          <p className="text-muted">{KIND_WHY[kind]}</p>
          <Link to="/publishing/templates" className="text-accent-text hover:underline">
            See the {KIND_LABEL[kind].toLowerCase()} template
          </Link>
        </div>
      ) : (
        <p className="text-sm text-muted">No content kind fits this gap yet.</p>
      )}
    </Card>
  );
}

function OutlineCard({ o }: { o: Opportunity }) {
  return (
    <Card
      title="Suggested outline"
      description="Built from what the answers that leave you out cover: the facts they give and the questions they answer."
    >
      <h3 className="text-sm font-semibold text-fg">{o.outline.title}</h3>
      <ol className="mt-3 flex list-decimal flex-col gap-3 pl-5 text-sm">
        {o.outline.sections.map((s) => (
          <li key={s.heading}>
            <p className="font-medium text-fg">{s.heading}</p>
            {s.points.length > 0 ? (
              <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-4 text-muted">
                {s.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function History({ o }: { o: Opportunity }) {
  return (
    <Card title="History">
      <ol aria-label="Status history" className="flex flex-col gap-3 text-sm">
        {o.history.map((h) => (
          <li key={`${h.at}-${h.to}`} className="flex flex-col gap-0.5">
            <span className="text-fg">
              {h.from ? `${STATUS_LABEL[h.from]} → ${STATUS_LABEL[h.to]}` : 'Found'}
            </span>
            <span className="text-xs text-muted">
              {formatMoment(h.at)} ·{' '}
              {h.run ? (
                <Link to={`/campaigns/${o.brand.id}/runs/${h.run.id}`} className="hover:text-fg">
                  by a run
                </Link>
              ) : (
                (h.byName ?? 'by a person')
              )}
            </span>
            {h.note ? <span className="text-xs text-muted">“{h.note}”</span> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
