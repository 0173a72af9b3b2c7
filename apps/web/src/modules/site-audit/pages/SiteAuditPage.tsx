import type { SiteAuditFieldsFragment } from '@lumen/schema/generated/graphql';
import { Check, Globe, ScanSearch, X } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { formatMoment, percent, plural } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { LiveIndicator, ProgressBar } from '../../../ui/ProgressBar';
import { toastError } from '../../../ui/toastError';
import { BrandBreadcrumb } from '../../brands/components/BrandBreadcrumb';
import { BrandSubpageStates } from '../../brands/components/BrandSubpageStates';
import { FormulaBreakdown } from '../../quick-score/components/FormulaBreakdown';
import { CrawlersSection } from '../components/CrawlersSection';
import { ImprovePageButton } from '../components/ImprovePageButton';
import { useSiteAudit } from '../hooks/useSiteAudit';
import {
  auditPercent,
  JAVASCRIPT_LABEL,
  KIND_LABEL,
  KIND_ORDER,
  pathOf,
  robotsText,
  SEVERITY_LABEL,
  SEVERITY_ORDER,
} from '../utils/siteAuditView';

type Audit = SiteAuditFieldsFragment;
type Finding = Audit['findings'][number];

const SEVERITY_CLASS = {
  HIGH: 'bg-danger-soft text-danger',
  MEDIUM: 'bg-warning/15 text-warning',
  LOW: 'bg-surface-3 text-muted',
} as const;

/** /campaigns/:campaignId/site: the brand's site as AI crawlers read it (docs/site-audit.md). */
export function SiteAuditPage() {
  const { campaignId = '' } = useParams();
  const site = useSiteAudit(campaignId);
  const { data, audit } = site;

  if (!data?.brand)
    return (
      <BrandSubpageStates
        loaded={Boolean(data)}
        error={site.error}
        onRetry={() => void site.refetch()}
        what="the site audit"
        tableLabel="Loading the crawler table"
      />
    );
  const brand = data.brand;

  const viewer = data.currentWorkspace.role === 'VIEWER';
  const noDomain = brand.domains.length === 0;
  const disabledReason = viewer
    ? 'Viewers can read the audit; an owner, admin or member runs it.'
    : noDomain
      ? 'Add a domain to the brand first.'
      : site.open
        ? 'An audit is running now.'
        : null;
  const runButton = (primary: boolean) => (
    <span className="inline-flex max-w-72 flex-col items-start gap-1">
      <button
        type="button"
        className={primary ? buttonClass.primary : buttonClass.secondary}
        disabled={Boolean(disabledReason) || site.starting}
        aria-describedby={disabledReason ? 'run-audit-reason' : undefined}
        onClick={() => void site.start().catch(toastError)}
      >
        <ScanSearch aria-hidden="true" size={16} />
        {site.open ? 'Audit running' : audit ? 'Run audit again' : 'Run audit'}
      </button>
      {disabledReason && !site.open ? (
        <span id="run-audit-reason" className="text-xs text-subtle">
          {disabledReason}
        </span>
      ) : null}
    </span>
  );

  return (
    <Page>
      <BrandBreadcrumb brand={brand} />
      <PageHeader
        title="Site"
        description={`${brand.domains[0] ?? 'No domain'} as AI crawlers read it: robots.txt per agent, llms.txt, sitemap and key pages.`}
        actions={audit ? runButton(true) : undefined}
      />
      {site.error ? (
        <ErrorState
          title="Could not refresh the site audit"
          error={site.error}
          onRetry={() => void site.refetch()}
        />
      ) : null}
      {audit ? (
        <AuditView audit={audit} site={site} />
      ) : (
        <EmptyState
          icon={Globe}
          title="This site has not been audited yet"
          action={runButton(true)}
        >
          The audit reads {brand.domains[0] ?? 'the brand’s domain'} the way AI crawlers do: whether
          robots.txt lets each AI agent (GPTBot, ClaudeBot, PerplexityBot, …) read the home page and
          key pages, whether llms.txt and a sitemap are there, and each key page’s title, headings,
          schema.org, freshness and text without JavaScript. Each problem comes with a fix and
          becomes a technical opportunity.
        </EmptyState>
      )}
      <CrawlersSection brandId={brand.id} canUpload={!viewer} />
    </Page>
  );
}

function AuditView({ audit, site }: { audit: Audit; site: ReturnType<typeof useSiteAudit> }) {
  if (audit.status === 'QUEUED' || audit.status === 'RUNNING') {
    return (
      <Card title="Auditing the site" description={audit.origin ?? undefined}>
        <div className="flex flex-col gap-2" data-testid="site-audit-progress">
          <ProgressBar
            label="Site audit progress"
            percent={auditPercent(audit.done, audit.total)}
          />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
            <span>
              {audit.status === 'QUEUED'
                ? 'Waiting for a worker…'
                : `${audit.done} of ${audit.total || '…'} steps${audit.step ? ` · reading ${audit.step}` : ''}`}
            </span>
            <LiveIndicator polling={site.polling} />
          </div>
        </div>
      </Card>
    );
  }
  if (audit.status === 'FAILED') {
    return (
      <section
        role="alert"
        className="flex flex-col gap-2 rounded-xl border border-danger/40 bg-danger-soft px-5 py-4"
      >
        <h2 className="text-sm font-semibold text-danger">The site audit failed</h2>
        <p className="break-words text-sm text-fg">{audit.error ?? 'The worker gave no reason.'}</p>
        <p className="text-sm text-muted">
          {audit.origin ? `Read from ${audit.origin}, ` : ''}
          {formatMoment(audit.finishedAt ?? audit.createdAt)}. Check that the domain answers, then
          run the audit again.
        </p>
      </section>
    );
  }
  return (
    <>
      <ScoreCard audit={audit} />
      <AgentsCard audit={audit} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <LlmsCard audit={audit} />
        <SitemapCard audit={audit} />
      </div>
      <FindingsCard audit={audit} opportunities={site.opportunityByKey} />
      <PagesCard
        audit={audit}
        opportunityByKey={site.opportunityByKey}
        brandId={site.data?.brand?.id ?? ''}
        improveDisabledReason={
          site.data?.currentWorkspace.role === 'VIEWER'
            ? 'Viewers can read the audit; an owner, admin or member improves a page.'
            : null
        }
      />
    </>
  );
}

function ScoreCard({ audit }: { audit: Audit }) {
  const score = audit.score ?? 0;
  return (
    <Card
      title="Site score"
      description={`${audit.origin ?? ''} · audited ${formatMoment(audit.finishedAt ?? audit.createdAt)}${audit.trigger === 'scheduled' ? ' (weekly)' : ''}`}
    >
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[10rem_1fr]">
        <div className="flex flex-col items-center justify-center gap-1">
          <span
            data-testid="site-score"
            className="text-5xl font-semibold tabular-nums tracking-tight text-fg"
          >
            {score}
          </span>
          <span className="text-xs text-subtle">out of 100</span>
        </div>
        <div className="min-w-0">
          <FormulaBreakdown
            score={score}
            text={audit.formula}
            note="Values are read from the site in this audit."
            terms={audit.terms.map((t) => ({
              key: t.key,
              name: t.label,
              weight: t.weight,
              value: t.value,
              points: t.points,
            }))}
          />
        </div>
      </div>
    </Card>
  );
}

function AgentsCard({ audit }: { audit: Audit }) {
  const agents = [...audit.agents].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const pages = agents[0]?.pages.map((p) => p.url) ?? [];
  return (
    <Card
      title="AI crawlers and robots.txt"
      description={`${robotsText(audit.robotsState)}${audit.robotsUrl ? ` · ${audit.robotsUrl}` : ''}. Blocking a training crawler is a choice; blocking a search crawler or user fetcher costs visibility.`}
      flush
    >
      <div className="overflow-x-auto">
        <table aria-label="AI crawler access" className="w-full text-sm">
          <thead className="border-b border-border text-xs text-subtle">
            <tr>
              <th scope="col" className="px-5 py-2 text-left font-medium">
                Agent
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Kind
              </th>
              {pages.map((url) => (
                <th key={url} scope="col" className="px-3 py-2 text-left font-medium">
                  {pathOf(url, audit.origin)}
                </th>
              ))}
              <th scope="col" className="hidden px-5 py-2 text-left font-medium @2xl:table-cell">
                Decided by
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {agents.map((a) => {
              const deciding = a.pages.find((p) => !p.allowed) ?? a.pages.find((p) => p.line);
              return (
                <tr key={a.agent} data-testid={`agent-${a.agent}`}>
                  <th scope="row" className="px-5 py-2.5 text-left font-normal">
                    <span className="whitespace-nowrap font-medium text-fg">{a.agent}</span>
                    <span className="block text-xs text-subtle">{a.owner}</span>
                    {/* Narrow windows: the deciding line under the name, not in a column
                        scrolled out of sight. */}
                    <span className="mt-1 block @2xl:hidden">
                      <RobotsLine line={deciding?.line} lineNumber={deciding?.lineNumber} />
                    </span>
                  </th>
                  <td className="px-3 py-2.5 text-muted" title={a.purpose}>
                    {KIND_LABEL[a.kind]}
                  </td>
                  {a.pages.map((p) => (
                    <td key={p.url} className="px-3 py-2.5">
                      {p.allowed ? (
                        <span className="inline-flex items-center gap-1 text-success">
                          <Check aria-hidden="true" size={14} />
                          Allowed
                        </span>
                      ) : (
                        <span
                          className={`inline-flex items-center gap-1 ${a.kind === 'TRAINING' ? 'text-warning' : 'text-danger'}`}
                        >
                          <X aria-hidden="true" size={14} />
                          Blocked
                        </span>
                      )}
                    </td>
                  ))}
                  <td className="hidden px-5 py-2.5 @2xl:table-cell" data-testid="robots-line">
                    <RobotsLine line={deciding?.line} lineNumber={deciding?.lineNumber} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function RobotsLine({
  line,
  lineNumber,
}: {
  line: string | null | undefined;
  lineNumber: number | null | undefined;
}) {
  if (!line) return <span className="text-xs text-subtle">no rule applies</span>;
  return (
    <code className="whitespace-nowrap rounded bg-surface-3 px-1.5 py-0.5 font-mono text-xs text-fg">
      {lineNumber ? `line ${lineNumber}: ` : ''}
      {line}
    </code>
  );
}

function Problems({ list }: { list: readonly string[] }) {
  if (list.length === 0) return <p className="text-sm text-success">No problems found.</p>;
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
      {list.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

function LlmsCard({ audit }: { audit: Audit }) {
  const l = audit.llms;
  return (
    <Card title="llms.txt" description={l?.url}>
      {!l ? (
        <p className="text-sm text-muted">Not read.</p>
      ) : (
        <div className="flex flex-col gap-2" data-testid="llms-status">
          <p className="text-sm font-medium text-fg">
            {l.found
              ? `Present${l.title ? `: “${l.title}”` : ''} · ${plural(l.sections, 'section')}, ${plural(l.links, 'link')}`
              : 'Missing'}
          </p>
          {l.found ? <Problems list={l.problems} /> : null}
        </div>
      )}
    </Card>
  );
}

function SitemapCard({ audit }: { audit: Audit }) {
  const s = audit.sitemap;
  return (
    <Card title="Sitemap" description={s?.urls.join(', ')}>
      {!s ? (
        <p className="text-sm text-muted">Not read.</p>
      ) : (
        <div className="flex flex-col gap-2" data-testid="sitemap-status">
          <p className="text-sm font-medium text-fg">
            {s.urls.length === 0
              ? 'Missing'
              : `${plural(s.entries, 'page')} listed${s.source === 'robots' ? ' (named in robots.txt)' : ''}`}
          </p>
          <Problems list={s.problems} />
        </div>
      )}
    </Card>
  );
}

function SeverityBadge({ severity }: { severity: Finding['severity'] }) {
  return (
    <span className={`rounded-md px-2 py-0.5 text-xs font-medium ${SEVERITY_CLASS[severity]}`}>
      {SEVERITY_LABEL[severity]}
    </span>
  );
}

function FindingItem({
  f,
  opportunityId,
  origin,
}: {
  f: Finding;
  opportunityId: string | undefined;
  origin: string | null | undefined;
}) {
  return (
    <li className="flex flex-col gap-1.5 px-5 py-3 text-sm" data-testid="site-finding">
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={f.severity} />
        <span className="font-medium text-fg">{f.title}</span>
        {f.url ? <span className="text-xs text-subtle">{pathOf(f.url, origin)}</span> : null}
      </div>
      <code className="whitespace-pre-wrap break-words font-mono text-xs text-muted">
        {f.evidence}
      </code>
      <p className="text-fg">
        <span className="text-subtle">Fix: </span>
        {f.fix}
      </p>
      {opportunityId ? (
        <Link
          to={`/opportunities/${opportunityId}`}
          className="self-start text-accent-text hover:underline"
        >
          Open the technical opportunity
        </Link>
      ) : null}
    </li>
  );
}

function FindingsCard({
  audit,
  opportunities,
}: {
  audit: Audit;
  opportunities: Map<string, string>;
}) {
  const findings = [...audit.findings].sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
  // Page findings are listed under their page (PagesCard).
  const siteWide = findings.filter(
    (f) => f.area !== 'PAGE' || !audit.pages.some((p) => p.url === f.url),
  );
  return (
    <Card
      title="Findings"
      description="High and medium findings become technical opportunities."
      flush
    >
      {siteWide.length === 0 ? (
        <p className="p-5 text-sm text-muted">Nothing site-wide to fix.</p>
      ) : (
        <ul aria-label="Site findings" className="divide-y divide-border">
          {siteWide.map((f) => (
            <FindingItem
              key={f.key}
              f={f}
              opportunityId={opportunities.get(f.key)}
              origin={audit.origin}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function PagesCard({
  audit,
  opportunityByKey,
  brandId,
  improveDisabledReason,
}: {
  audit: Audit;
  opportunityByKey: Map<string, string>;
  brandId: string;
  improveDisabledReason: string | null;
}) {
  return (
    <Card
      title="Key pages"
      description={
        audit.javascriptChecked
          ? 'Each page’s raw HTML compared with a headless render.'
          : 'JavaScript render comparison: not checked (Chromium is not available to the worker).'
      }
      flush
    >
      <ul aria-label="Key pages" className="divide-y divide-border">
        {audit.pages.map((p) => {
          const findings = audit.findings
            .filter((f) => f.area === 'PAGE' && f.url === p.url)
            .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
          return (
            <li key={p.url} className="flex flex-col">
              <div className="flex flex-wrap items-baseline justify-between gap-2 px-5 pt-3">
                <div className="min-w-0">
                  <span className="mr-2 rounded-md bg-surface-3 px-2 py-0.5 text-xs text-muted">
                    {p.role}
                  </span>
                  <a
                    href={p.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="break-all font-medium text-fg hover:text-accent-text"
                  >
                    {pathOf(p.url, audit.origin)}
                  </a>
                  <span className="block text-xs text-muted">
                    {p.title ?? p.error ?? 'No title'}
                  </span>
                </div>
                <span className="text-xs text-subtle tabular-nums">
                  {percent(p.readiness)} ready · {p.status ?? 'no answer'}
                  {p.ttfbMs !== null && p.ttfbMs !== undefined ? ` · ${p.ttfbMs} ms` : ''} ·{' '}
                  {Math.round(p.bytes / 1024)} KiB
                </span>
              </div>
              <p className="px-5 pt-1 text-xs text-muted">
                {JAVASCRIPT_LABEL[p.javascript]} · {plural(p.h1Count, 'h1')} · schema.org:{' '}
                {p.schemaTypes.join(', ') || 'none'} · {plural(p.statistics, 'statistic')},{' '}
                {plural(p.quotations, 'quotation')}, {plural(p.citedSources, 'cited source')}
              </p>
              {p.status !== null && p.status !== undefined && p.status < 400 ? (
                <div className="px-5 pt-2">
                  <ImprovePageButton
                    brandId={brandId}
                    url={p.url}
                    label={pathOf(p.url, audit.origin)}
                    disabledReason={improveDisabledReason}
                  />
                </div>
              ) : null}
              {findings.length === 0 ? (
                <p className="px-5 py-3 text-sm text-success">No findings on this page.</p>
              ) : (
                <ul aria-label={`Findings on ${pathOf(p.url, audit.origin)}`} className="pb-1">
                  {findings.map((f) => (
                    <FindingItem
                      key={f.key}
                      f={f}
                      opportunityId={opportunityByKey.get(f.key)}
                      origin={audit.origin}
                    />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
