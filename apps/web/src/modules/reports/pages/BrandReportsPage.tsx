import { useMutation, useQuery } from '@apollo/client/react';
import type { BrandReportsQuery as Data, ReportCadence } from '@lumen/schema/generated/graphql';
import { FileText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { FormAlert } from '../../../ui/FormAlert';
import { formatDay, formatMoment, plural } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { PageLoading } from '../../../ui/PageLoading';
import { toastError } from '../../../ui/toastError';
import { BrandBreadcrumb } from '../../brands/components/BrandBreadcrumb';
import { MissingItem } from '../../shell/components/MissingItem';
import {
  BrandReportsQuery,
  CreateReportMutation,
  ScheduleReportMutation,
} from '../graphql/reports';
import {
  PERIOD_PRESETS,
  type PeriodPreset,
  parseRecipients,
  periodError,
  presetPeriod,
} from '../utils/reportPeriod';

type ReportRow = Data['reports'][number];

function CreateReportCard({ brandId }: { brandId: string }) {
  const navigate = useNavigate();
  const initial = presetPeriod('30', new Date());
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);
  const [create, state] = useMutation(CreateReportMutation);
  const pick = (preset: PeriodPreset) => {
    const p = presetPeriod(preset, new Date());
    setFrom(p.from);
    setTo(p.to);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = periodError(from, to);
    setError(problem);
    if (problem) return;
    create({ variables: { brandId, from, to } })
      .then((res) => {
        const id = res.data?.createReport.id;
        if (id) navigate(`/reports/${id}`);
      })
      .catch((err: unknown) => setError(readGraphQLError(err).message));
  };
  return (
    <Card
      title="Create report"
      description="The brand’s numbers for a period, kept as they are now: share it, download it as a PDF."
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {PERIOD_PRESETS.map((p) => (
            <button
              key={p.key}
              type="button"
              className={`${buttonClass.secondary} h-8`}
              onClick={() => pick(p.key)}
            >
              {p.label}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            First day
            <input
              type="date"
              className={`${inputClass} w-44`}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Last day
            <input
              type="date"
              className={`${inputClass} w-44`}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <button type="submit" className={buttonClass.primary} disabled={state.loading}>
            {state.loading ? 'Creating…' : 'Create report'}
          </button>
        </div>
        <FormAlert message={error} />
      </form>
    </Card>
  );
}

type LastSendRow = NonNullable<NonNullable<Data['brand']>['reportSchedule']>['lastSend'];

/** The latest period's mailing: sent, still going, or who was not reached. */
function LastSend({ send }: { send: NonNullable<LastSendRow> }) {
  const period = send.period.replace(/^(WEEKLY|MONTHLY)-/, '');
  if (send.status === 'FAILED') {
    return (
      <p className="mb-3 text-sm text-danger" role="status">
        The report of {period} was not mailed to everyone. {send.failure}
      </p>
    );
  }
  return (
    <p className="mb-3 text-sm text-muted" role="status">
      {send.status === 'COMPLETED' && send.sentAt
        ? `The report of ${period} was mailed to every recipient on ${formatMoment(send.sentAt)}.`
        : `The report of ${period} is being mailed.`}
    </p>
  );
}

function ScheduleCard({ brand, canEdit }: { brand: NonNullable<Data['brand']>; canEdit: boolean }) {
  const schedule = brand.reportSchedule;
  const [cadence, setCadence] = useState<ReportCadence>(schedule?.cadence ?? 'OFF');
  const [recipients, setRecipients] = useState((schedule?.recipients ?? []).join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [save, state] = useMutation(ScheduleReportMutation, {
    refetchQueries: ['BrandReports'],
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save({ variables: { brandId: brand.id, cadence, recipients: parseRecipients(recipients) } })
      .then(() => toast.success(cadence === 'OFF' ? 'Schedule stopped' : 'Schedule saved'))
      .catch((err: unknown) => setError(readGraphQLError(err).message));
  };
  const summary = schedule
    ? `${schedule.cadence === 'WEEKLY' ? 'Every Monday, the week before' : 'On the 1st, the month before'}, to ${plural(schedule.recipients.length, 'recipient')}.`
    : 'No scheduled reports.';
  return (
    <Card
      title="Schedule"
      description="Mailed with the PDF attached and a link to the report, in the brand’s time zone."
    >
      <p className="mb-3 text-sm text-muted">{summary}</p>
      {schedule?.lastSend ? <LastSend send={schedule.lastSend} /> : null}
      {canEdit ? (
        <form onSubmit={submit} className="flex flex-col gap-3">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            How often
            <select
              className={`${inputClass} w-56`}
              value={cadence}
              onChange={(e) => setCadence(e.target.value as ReportCadence)}
            >
              <option value="OFF">Off</option>
              <option value="WEEKLY">Weekly (Mondays)</option>
              <option value="MONTHLY">Monthly (the 1st)</option>
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Recipients
            <textarea
              className={`${inputClass} h-24 py-2`}
              value={recipients}
              placeholder="client@example.com, one per line"
              onChange={(e) => setRecipients(e.target.value)}
            />
          </label>
          <div>
            <button type="submit" className={buttonClass.secondary} disabled={state.loading}>
              {state.loading ? 'Saving…' : 'Save schedule'}
            </button>
          </div>
          <FormAlert message={error} />
        </form>
      ) : null}
    </Card>
  );
}

/** /campaigns/:campaignId/reports: the brand's reports, a new one, and its schedule. */
export function BrandReportsPage() {
  const { campaignId = '' } = useParams();
  const { data, error, refetch, loading } = useQuery(BrandReportsQuery, {
    variables: { brandId: campaignId },
    fetchPolicy: 'cache-and-network',
  });
  if (!data) return <PageLoading error={error} onRetry={refetch} label="Loading the reports" />;
  const brand = data.brand;
  if (!brand)
    return (
      <Page>
        <MissingItem noun="brand" backTo="/campaigns" backLabel="Back to brands" />
      </Page>
    );
  const canEdit = data.currentWorkspace.role !== 'VIEWER';
  const columns: Column<ReportRow>[] = [
    {
      key: 'period',
      header: 'Period',
      sortValue: (r) => r.from,
      cell: (r) => (
        <Link to={`/reports/${r.id}`} className="font-medium text-fg hover:underline">
          {formatDay(r.from)} – {formatDay(r.to)}
        </Link>
      ),
    },
    {
      key: 'score',
      header: 'Score',
      align: 'right',
      sortValue: (r) => r.score,
      cell: (r) => <span className="tabular-nums">{r.score}</span>,
    },
    {
      key: 'made',
      header: 'Made',
      wide: true,
      sortValue: (r) => r.createdAt,
      cell: (r) => (
        <span className="text-muted">
          {formatMoment(r.createdAt)}
          {r.scheduled ? ' · by the schedule' : ''}
        </span>
      ),
    },
    {
      key: 'links',
      header: 'Share links',
      wide: true,
      cell: (r) => (
        <span className="text-muted">
          {plural(r.shares.filter((s) => s.state === 'ACTIVE').length, 'active link')}
        </span>
      ),
    },
  ];
  return (
    <Page>
      <BrandBreadcrumb brand={brand} />
      <PageHeader
        title="Reports"
        description="What moved, share of voice, sources, opportunities, what was published and what it cost: a period of the brand in one document."
      />
      {canEdit ? <CreateReportCard brandId={brand.id} /> : null}
      <Card title="Reports" flush>
        <DataTable
          label="Reports"
          columns={columns}
          rows={data.reports}
          rowKey={(r) => r.id}
          loading={loading}
          error={error ?? null}
          onRetry={() => void refetch().catch(toastError)}
          empty={
            <EmptyState icon={FileText} title="No reports yet">
              {canEdit
                ? 'Create one above: it keeps the brand’s numbers for the period you choose, to share or download as a PDF.'
                : 'Members, admins and owners of the workspace can create them.'}
            </EmptyState>
          }
        />
      </Card>
      <ScheduleCard brand={brand} canEdit={canEdit} />
    </Page>
  );
}
