import { useQuery } from '@apollo/client/react';
import type { ReportContent } from '@lumen/domain/reports/report-content';
import { reportView, VERDICT_WORDS } from '@lumen/domain/reports/report-view';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { downloadFile } from '../../../app/downloadFile';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ErrorState } from '../../../ui/ErrorState';
import { formatDay, formatMoment, percent, percentRange, signed } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { PageLoading } from '../../../ui/PageLoading';
import { toastError } from '../../../ui/toastError';
import { MissingItem } from '../../shell/components/MissingItem';
import { ReportSharing } from '../components/ReportSharing';
import { ReportPageQuery } from '../graphql/reports';
import { parseReportContent } from '../utils/reportContent';

function KpiTiles({ content }: { content: ReportContent }) {
  const k = content.kpis;
  const verdict = k.change ? VERDICT_WORDS[k.change.verdict] : 'nothing to compare';
  const tiles = [
    {
      label: 'Visibility score',
      value: String(k.score),
      detail: k.change ? `${signed(k.change.score)} · ${verdict}` : verdict,
    },
    {
      label: 'Mention rate',
      value: percent(k.mentionRate.value, 1),
      detail: `${percentRange(k.mentionRate)} (95 %) · ${verdict}`,
    },
    { label: 'Share of voice', value: percent(k.shareOfVoice, 1), detail: 'against competitors' },
    { label: 'Citation rate', value: percent(k.citationRate, 1), detail: 'answers citing you' },
  ];
  return (
    <div className="grid grid-cols-1 gap-3 @md:grid-cols-2 @4xl:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-xl border border-border bg-surface p-4">
          <p className="text-xs text-muted">{t.label}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums text-fg">{t.value}</p>
          <p className="mt-1 text-xs text-muted">{t.detail}</p>
        </div>
      ))}
    </div>
  );
}

function ReportSections({ content }: { content: ReportContent }) {
  const view = reportView(content);
  return (
    <>
      {view.sections.map((s) => (
        <Card key={s.title} title={s.title}>
          {s.lines.map((l) => (
            <p key={l} className="mb-2 text-sm text-fg">
              {l}
            </p>
          ))}
          {s.table ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-border text-left text-muted">
                    {s.table.columns.map((c) => (
                      <th key={c} scope="col" className="px-2 py-1.5 font-medium">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.table.rows.map((r, i) => (
                    // Rows of a snapshot never reorder; the index is a stable key here.
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed snapshot
                    <tr key={i} className="border-b border-border last:border-0">
                      {r.map((c, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed snapshot
                        <td key={j} className="px-2 py-1.5 tabular-nums text-fg">
                          {c}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : s.lines.length === 0 ? (
            <p className="text-sm text-muted">{s.empty}</p>
          ) : null}
        </Card>
      ))}
    </>
  );
}

/** /reports/:reportId: one report as it was made, its PDF and its share links. */
export function ReportPage() {
  const { reportId = '' } = useParams();
  const { data, error, refetch } = useQuery(ReportPageQuery, {
    variables: { id: reportId },
    fetchPolicy: 'cache-and-network',
  });
  const [downloading, setDownloading] = useState(false);
  if (!data) return <PageLoading error={error} onRetry={refetch} label="Loading the report" />;
  const report = data.report;
  if (!report)
    return (
      <Page>
        <MissingItem noun="report" backTo="/campaigns" backLabel="Back to brands" />
      </Page>
    );
  const content = parseReportContent(report.contentJson);
  const branding = data.reportBranding;
  const canEdit = data.currentWorkspace.role !== 'VIEWER';
  const download = () => {
    setDownloading(true);
    downloadFile(`/export/report.pdf?reportId=${encodeURIComponent(report.id)}`, 'report.pdf')
      .catch(toastError)
      .finally(() => setDownloading(false));
  };
  return (
    <Page>
      <nav aria-label="Breadcrumb" className="flex gap-1.5 text-sm text-subtle">
        <Link to={`/campaigns/${report.brandId}`} className="hover:text-fg">
          {report.brandName}
        </Link>
        <span aria-hidden="true">/</span>
        <Link to={`/campaigns/${report.brandId}/reports`} className="hover:text-fg">
          Reports
        </Link>
      </nav>
      {branding.agencyName || branding.logoDataUrl ? (
        <div
          className="flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3"
          style={branding.accentColor ? { borderTop: `4px solid ${branding.accentColor}` } : {}}
        >
          {branding.logoDataUrl ? (
            <img
              src={branding.logoDataUrl}
              alt={branding.agencyName ?? 'Logo'}
              className="max-h-9 max-w-36"
            />
          ) : null}
          {branding.agencyName ? (
            <span className="text-sm font-semibold text-fg">{branding.agencyName}</span>
          ) : null}
        </div>
      ) : null}
      <PageHeader
        title={`${report.brandName}: ${formatDay(report.from)} – ${formatDay(report.to)}`}
        description={`Made ${formatMoment(report.createdAt)}${report.scheduled ? ' by the schedule' : ''}. The numbers are kept as they were then.`}
        actions={
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={downloading}
            onClick={download}
          >
            <Download aria-hidden="true" size={16} />
            {downloading ? 'Preparing…' : 'Download PDF'}
          </button>
        }
      />
      {content ? (
        <>
          <KpiTiles content={content} />
          <ReportSections content={content} />
        </>
      ) : (
        <ErrorState
          title="This report cannot be shown"
          error={{ message: 'It was made by a newer version of Lumen. Reload the page.' }}
        />
      )}
      <ReportSharing reportId={report.id} shares={report.shares} canEdit={canEdit} />
    </Page>
  );
}
