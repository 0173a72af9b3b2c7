import { useMutation, useQuery } from '@apollo/client/react';
import type { WordPressSiteFieldsFragment as Site } from '@lumen/schema/generated/graphql';
import { ExternalLink, Globe, KeyRound, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { plural, timeAgo } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { toastError } from '../../../ui/toastError';
import { ConnectSiteForm } from '../components/ConnectSiteForm';
import { ReplacePasswordDialog } from '../components/ReplacePasswordDialog';
import {
  RemoveWordPressSiteMutation,
  TestWordPressSiteMutation,
  WordPressSitesQuery,
} from '../graphql/wordPressSites';
import { seoSummary, siteStatusView } from '../utils/siteView';

const TONES = {
  success: 'bg-success/10 text-success',
  warning: 'bg-warning/10 text-warning',
  danger: 'bg-danger-soft text-danger',
} as const;

function StatusCell({ site, onReplace }: { site: Site; onReplace: () => void }) {
  const view = siteStatusView(site);
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <span
        className={`inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[view.tone]}`}
      >
        {view.label}
      </span>
      {view.tone !== 'success' ? (
        <p className="max-w-xs text-xs text-muted">{view.detail}</p>
      ) : null}
      {site.status === 'FAILING' ? (
        <button
          type="button"
          className="text-xs font-medium text-accent-text hover:underline"
          onClick={onReplace}
        >
          Replace password
        </button>
      ) : null}
    </div>
  );
}

export function WordPressSitesPage() {
  const { data, loading, error, refetch } = useQuery(WordPressSitesQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const sites: Site[] | null = data?.wordPressSites ?? null;
  const [connecting, setConnecting] = useState(false);
  const [testingId, setTestingId] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<Site | null>(null);
  const [toRekey, setToRekey] = useState<Site | null>(null);
  const [test] = useMutation(TestWordPressSiteMutation);
  const [remove, removing] = useMutation(RemoveWordPressSiteMutation, {
    refetchQueries: ['WordPressSites', 'NavigationCounts'],
    awaitRefetchQueries: true,
  });

  const runTest = async (site: Site) => {
    setTestingId(site.id);
    try {
      const result = await test({ variables: { id: site.id } });
      const fresh = result.data?.testWordPressSite;
      if (fresh?.status === 'CONNECTED') toast.success(`${site.name}: connection works`);
      else
        toast.error(`${site.name}: connection failing`, {
          description: fresh?.lastError ?? undefined,
        });
    } catch (e) {
      toastError(e);
    } finally {
      setTestingId(null);
    }
  };

  const columns: Column<Site>[] = [
    {
      key: 'name',
      header: 'Site',
      sortValue: (s) => s.name,
      cell: (s) => (
        <div className="min-w-0">
          <p className="font-medium text-fg">{s.name}</p>
          <a
            href={s.url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex max-w-[16rem] items-center gap-1 truncate text-xs text-subtle hover:text-fg hover:underline"
          >
            <span className="truncate">{s.url.replace(/^https?:\/\//, '')}</span>
            <ExternalLink aria-hidden="true" size={12} />
          </a>
          <p className="text-xs text-subtle">as {s.username}</p>
          <div className="mt-1.5 sm:hidden">
            <StatusCell site={s} onReplace={() => setToRekey(s)} />
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      wide: true,
      sortValue: (s) => s.status,
      cell: (s) => <StatusCell site={s} onReplace={() => setToRekey(s)} />,
    },
    {
      key: 'details',
      header: 'On the site',
      wide: true,
      sortValue: (s) => s.verifiedAt ?? '',
      cell: (s) => (
        <div className="text-xs text-muted">
          <p>{seoSummary(s)}</p>
          <p className="tabular-nums">
            {plural(s.categories.length, 'category', 'categories')} · {plural(s.tags.length, 'tag')}
          </p>
          <p className="tabular-nums text-subtle">
            Last sign-in {s.verifiedAt ? timeAgo(String(s.verifiedAt)) : 'never'}
          </p>
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (s) => (
        <div className="flex justify-end gap-1">
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => void runTest(s)}
            disabled={testingId === s.id}
            aria-label={`Test ${s.name}`}
          >
            <RefreshCw
              aria-hidden="true"
              size={14}
              className={testingId === s.id ? 'animate-spin' : ''}
            />
            <span className="hidden md:inline">{testingId === s.id ? 'Testing…' : 'Test'}</span>
          </button>
          <button
            type="button"
            className={`${buttonClass.icon} hidden sm:inline-flex`}
            onClick={() => setToRekey(s)}
            aria-label={`Replace the password of ${s.name}`}
            title="Replace the application password"
          >
            <KeyRound aria-hidden="true" size={16} />
          </button>
          <button
            type="button"
            className={buttonClass.icon}
            onClick={() => setToRemove(s)}
            aria-label={`Remove ${s.name}`}
          >
            <Trash2 aria-hidden="true" size={16} />
          </button>
        </div>
      ),
    },
  ];

  const connectButton = (
    <button type="button" className={buttonClass.primary} onClick={() => setConnecting(true)}>
      <Plus aria-hidden="true" size={16} />
      Connect a site
    </button>
  );

  return (
    <Page>
      <PageHeader
        title="WordPress sites"
        description="Where Lumen publishes approved drafts. Lumen signs in with an application password, which it keeps encrypted."
        actions={connecting || (sites?.length ?? 0) === 0 ? null : connectButton}
      />
      {connecting ? (
        <Card
          title="Connect a WordPress site"
          description="Lumen signs in once to check the details before it saves anything."
        >
          <ConnectSiteForm onDone={() => setConnecting(false)} />
        </Card>
      ) : null}
      <DataTable
        label="WordPress sites"
        columns={columns}
        rows={sites}
        rowKey={(s) => s.id}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        empty={
          connecting ? null : (
            <EmptyState icon={Globe} title="No WordPress sites connected" action={connectButton}>
              Connect a site with its address, a user name and an application password. Lumen
              verifies the connection before it publishes anything.
            </EmptyState>
          )
        }
      />
      {toRekey ? <ReplacePasswordDialog site={toRekey} onClose={() => setToRekey(null)} /> : null}
      <ConfirmDialog
        open={toRemove !== null}
        title={`Remove ${toRemove?.name ?? 'this site'}?`}
        confirmLabel="Remove site"
        busy={removing.loading}
        onCancel={() => setToRemove(null)}
        onConfirm={async () => {
          if (!toRemove) return;
          try {
            await remove({ variables: { id: toRemove.id } });
            toast.success(`${toRemove.name} removed`);
            setToRemove(null);
          } catch (e) {
            toastError(e);
          }
        }}
      >
        Lumen forgets the site and its application password. Posts already on the site stay there;
        revoke the password in WordPress too if you no longer need it.
      </ConfirmDialog>
    </Page>
  );
}
