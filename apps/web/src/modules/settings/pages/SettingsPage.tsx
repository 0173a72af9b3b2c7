import { useQuery } from '@apollo/client/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { NavLink, useParams } from 'react-router-dom';
import { setTheme, useTheme } from '../../../app/theme';
import { selectedWorkspaceId } from '../../../app/workspaceSelection';
import { ErrorState } from '../../../ui/ErrorState';
import { formatDate } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { ApiKeysSection } from '../../api/components/ApiKeysSection';
import { useAuth } from '../../auth/hooks/useAuth';
import { NotificationsSection } from '../../notifications/components/NotificationsSection';
import { ReportBrandingSection } from '../../reports/components/ReportBrandingSection';
import { ViewerQuery } from '../../shell/graphql/viewer';
import { currentWorkspace } from '../../shell/utils/currentWorkspace';
import { formatPlan } from '../../shell/utils/formatPlan';
import { MembersSection } from '../../team/components/MembersSection';
import { SettingsCard } from '../../team/components/SettingsCard';
import { WorkspaceSection } from '../../team/components/WorkspaceSection';
import { ProfileSection } from '../components/ProfileSection';
import { UsageSection } from '../components/UsageSection';

// One page, a section per URL (docs/web.md, "Settings"): /settings, /settings/profile,
// /settings/workspace, /settings/members, /settings/usage, /settings/api, /settings/notifications, /settings/reports. Sections not built yet
// are not shown.
const SECTIONS = [
  { path: '', label: 'General' },
  { path: 'profile', label: 'Profile' },
  { path: 'workspace', label: 'Workspace' },
  { path: 'members', label: 'Members' },
  { path: 'usage', label: 'Usage and budget' },
  { path: 'api', label: 'API keys' },
  { path: 'notifications', label: 'Notifications' },
  { path: 'reports', label: 'Report branding' },
] as const;

export function SettingsPage() {
  const { section = '' } = useParams();
  const known = SECTIONS.some((s) => s.path === section);
  return (
    <Page width="narrow">
      <PageHeader
        title="Settings"
        description="Your account, your workspace, its people and how Lumen looks."
      />
      <nav aria-label="Settings sections" className="flex flex-wrap gap-x-1 border-b border-border">
        {SECTIONS.map((s) => (
          <NavLink
            key={s.path}
            to={s.path ? `/settings/${s.path}` : '/settings'}
            end
            className={({ isActive }) =>
              `-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm ${
                isActive
                  ? 'border-accent font-medium text-fg'
                  : 'border-transparent text-muted hover:text-fg'
              }`
            }
          >
            {s.label}
          </NavLink>
        ))}
      </nav>
      {section === 'profile' ? (
        <ProfileSection />
      ) : section === 'usage' ? (
        <UsageSection />
      ) : section === 'members' ? (
        <MembersSection />
      ) : section === 'api' ? (
        <ApiKeysSection />
      ) : section === 'notifications' ? (
        <NotificationsSection />
      ) : section === 'reports' ? (
        <ReportBrandingSection />
      ) : section === 'workspace' ? (
        <WorkspaceSection />
      ) : known ? (
        <GeneralSection />
      ) : (
        <p className="text-sm text-muted">There is no such settings section.</p>
      )}
    </Page>
  );
}

function GeneralSection() {
  const { data, loading, error, refetch } = useQuery(ViewerQuery);
  const { user } = useAuth();
  const theme = useTheme();
  const me = data?.me;
  const workspace = currentWorkspace(me?.workspaces, selectedWorkspaceId());

  return (
    <>
      {error ? (
        <ErrorState
          title="Could not load your account"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <>
          <SettingsCard title="Account">
            <dl className="divide-y divide-border">
              <Row label="Email" loading={loading && !me} value={me?.email ?? user?.email} />
              <Row
                label="Member since"
                loading={loading && !me}
                value={me ? formatDate(me.createdAt) : undefined}
              />
              <Row label="User ID" loading={loading && !me} value={me?.id} mono />
            </dl>
          </SettingsCard>
          <SettingsCard title="Workspace">
            <dl className="divide-y divide-border">
              <Row label="Name" loading={loading && !me} value={workspace?.name} />
              {workspace && !workspace.planName ? null : (
                <Row
                  label="Plan"
                  loading={loading && !me}
                  value={workspace?.planName ? formatPlan(workspace.planName) : undefined}
                />
              )}
              <Row
                label="Your role"
                loading={loading && !me}
                value={workspace?.role.toLowerCase()}
                capitalize
              />
            </dl>
          </SettingsCard>
        </>
      )}
      <SettingsCard title="Appearance">
        <fieldset className="flex flex-col gap-2 py-3">
          <legend className="sr-only">Theme</legend>
          <div className="flex flex-wrap gap-2">
            {(
              [
                ['dark', 'Dark', Moon],
                ['light', 'Light', Sun],
              ] as const
            ).map(([value, label, Icon]) => (
              <label
                key={value}
                className={`flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-text ${
                  theme === value
                    ? 'border-accent bg-accent-soft text-fg'
                    : 'border-border-strong text-muted hover:text-fg'
                }`}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                  className="sr-only"
                />
                <Icon aria-hidden="true" size={15} />
                {label}
              </label>
            ))}
          </div>
          <p className="flex items-center gap-1.5 text-xs text-subtle">
            <Monitor aria-hidden="true" size={13} />
            Saved in this browser.
          </p>
        </fieldset>
      </SettingsCard>
    </>
  );
}

function Row({
  label,
  value,
  loading,
  mono = false,
  capitalize = false,
}: {
  label: string;
  value: string | null | undefined;
  loading: boolean;
  mono?: boolean;
  capitalize?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[160px_1fr] sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd
        className={`min-w-0 break-all text-sm text-fg ${mono ? 'font-mono text-xs' : ''} ${capitalize ? 'capitalize' : ''}`}
      >
        {loading ? <Skeleton className="h-4 w-40" /> : (value ?? '—')}
      </dd>
    </div>
  );
}
