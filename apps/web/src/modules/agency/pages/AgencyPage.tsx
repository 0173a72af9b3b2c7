import { useQuery } from '@apollo/client/react';
import { Building2, ChevronRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { selectedWorkspaceId, switchWorkspace } from '../../../app/workspaceSelection';
import { buttonClass } from '../../../ui/button';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { plural, signed } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { RangePicker } from '../../metrics/components/RangePicker';
import { VerdictBadge } from '../../metrics/components/VerdictBadge';
import { useDateRange } from '../../metrics/hooks/useDateRange';
import { ratePoints } from '../../metrics/utils/metricsView';
import { AgencyOverviewQuery } from '../graphql/agency';
import { type AgencyRow, agencyRows, changeSortValue, rowTarget } from '../utils/agencyRows';

const VIEWER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Opens the row's brand in its workspace: switching workspace reloads, as the menu does. */
function RowLink({ row, children }: { row: AgencyRow; children: React.ReactNode }) {
  const target = rowTarget(row);
  const here = selectedWorkspaceId() === row.workspaceId;
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (here || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    switchWorkspace(row.workspaceId, target);
  };
  return here ? (
    <Link
      to={target}
      className="group inline-flex min-w-0 items-center gap-1 font-medium text-fg hover:text-accent-text"
    >
      {children}
    </Link>
  ) : (
    <a
      href={target}
      onClick={open}
      className="group inline-flex min-w-0 items-center gap-1 font-medium text-fg hover:text-accent-text"
    >
      {children}
    </a>
  );
}

function WorkspaceName({ row, narrow = false }: { row: AgencyRow; narrow?: boolean }) {
  // A bounded width, so a long name is cut with an ellipsis instead of widening the table.
  return (
    <span
      className={`block truncate text-muted ${narrow ? 'max-w-[9rem]' : 'max-w-[12rem]'}`}
      title={row.workspaceName}
    >
      {row.workspaceName}
      {row.personal ? <span className="text-subtle"> · yours</span> : null}
    </span>
  );
}

/** The score change with its verdict: the badge says whether it moved, never the number alone. */
function ChangeText({ row }: { row: AgencyRow }) {
  if (row.change) {
    return (
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
        <span className="tabular-nums">
          {signed(row.change.score)} · {ratePoints(row.change.mentionRate)}
        </span>
        <VerdictBadge verdict={row.change.verdict} />
      </span>
    );
  }
  if (!row.brand) return null;
  return (
    <span className="text-xs text-muted">
      {row.score === null ? 'not measured in the range' : 'nothing earlier to compare'}
    </span>
  );
}

const COLUMNS: Column<AgencyRow>[] = [
  {
    key: 'workspace',
    header: 'Workspace',
    wide: true,
    sortValue: (r) => r.workspaceName.toLowerCase(),
    cell: (r) => <WorkspaceName row={r} />,
  },
  {
    key: 'brand',
    header: 'Brand',
    sortValue: (r) => r.brand?.name.toLowerCase() ?? null,
    cell: (r) => (
      <span className="flex min-w-0 flex-col gap-0.5">
        {r.brand ? (
          <RowLink row={r}>
            <span className="max-w-[9rem] truncate sm:max-w-[16rem]" title={r.brand.name}>
              {r.brand.name}
            </span>
            <ChevronRight aria-hidden="true" size={14} className="shrink-0 text-subtle" />
          </RowLink>
        ) : (
          <span className="text-muted">
            No brands yet ·{' '}
            <RowLink row={r}>
              <span>add one</span>
            </RowLink>
          </span>
        )}
        {/* Below the sm breakpoint the workspace, change and opportunity columns fold in here. */}
        <span className="flex flex-col gap-1 text-xs sm:hidden">
          <WorkspaceName row={r} narrow />
          <ChangeText row={r} />
          {r.openOpportunities !== null ? (
            <span className="text-muted">
              {plural(r.openOpportunities, 'open opportunity', 'open opportunities')}
            </span>
          ) : null}
        </span>
      </span>
    ),
  },
  {
    key: 'score',
    header: 'Score',
    align: 'right',
    sortValue: (r) => r.score,
    cell: (r) => (
      <span className="text-base font-semibold tabular-nums text-fg">
        {r.score === null ? (r.brand ? '—' : '') : r.score}
      </span>
    ),
  },
  {
    key: 'change',
    header: 'Change',
    sortValue: changeSortValue,
    wide: true,
    cell: (r) => <ChangeText row={r} />,
  },
  {
    key: 'open',
    header: 'Open opportunities',
    align: 'right',
    wide: true,
    sortValue: (r) => r.openOpportunities,
    cell: (r) => <span className="tabular-nums text-fg">{r.openOpportunities ?? ''}</span>,
  },
];

/** Every client workspace's brands on one table (docs/reports.md, "Agency view"). */
export function AgencyPage() {
  const range = useDateRange(VIEWER_ZONE);
  const variables =
    range.choice.kind === 'custom'
      ? { range: { from: range.choice.from, to: range.choice.to } }
      : { range: { lastDays: range.choice.days } };
  const { data, previousData, loading, error, refetch } = useQuery(AgencyOverviewQuery, {
    variables,
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;
  const rows = shown ? agencyRows(shown.agencyOverview) : null;
  const period =
    range.choice.kind === 'custom'
      ? `${range.choice.from} – ${range.choice.to}`
      : `the last ${range.choice.days} days`;
  return (
    <Page>
      <PageHeader
        title="Agency view"
        description={`Every brand of every workspace you are a member of: its score over ${period} (each brand’s own days), the change against the period before (“moved” only beyond the noise) and its open opportunities. Open a brand to work on it in its workspace.`}
        actions={
          <RangePicker
            name="agency-range"
            value={range.choice}
            current={range.filter}
            today={range.today}
            onChange={range.setChoice}
          />
        }
      />
      <DataTable
        label="Brands of every workspace"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.key}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        pageSize={50}
        empty={
          <EmptyState
            icon={Building2}
            title="No workspaces yet"
            action={
              <Link to="/settings/members" className={buttonClass.primary}>
                Go to your team
              </Link>
            }
          >
            The agency view lists the brands of every workspace you are a member of. Create a
            workspace per client, or accept a client’s invitation, and their brands show here.
          </EmptyState>
        }
      />
    </Page>
  );
}
