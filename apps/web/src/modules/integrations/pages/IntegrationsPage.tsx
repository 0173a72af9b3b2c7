import { useQuery } from '@apollo/client/react';
import { Plug } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { SkeletonRows } from '../../../ui/Skeleton';
import { ViewerQuery } from '../../shell/graphql/viewer';
import { currentWorkspace } from '../../shell/utils/currentWorkspace';
import { ConnectEngineForm } from '../components/ConnectEngineForm';
import { ConnectionCard } from '../components/ConnectionCard';
import { EngineConnectionsQuery } from '../graphql/engineConnections';
import { canManageConnections, KIND_ORDER } from '../utils/engineKinds';

/**
 * The engines this workspace can ask (docs/engines.md, "Connections"): its own connections,
 * then the server's. Everyone sees them; owners and admins connect, test and remove.
 */
export function IntegrationsPage() {
  const { data, loading, error, refetch } = useQuery(EngineConnectionsQuery);
  const viewer = useQuery(ViewerQuery);
  const role = currentWorkspace(viewer.data?.me?.workspaces)?.role;
  const canManage = canManageConnections(role);
  const [adding, setAdding] = useState(false);
  const connections = data?.engineConnections ?? [];
  const own = connections.filter((c) => c.source === 'WORKSPACE');
  const server = connections.filter((c) => c.source === 'SERVER');
  const ownKinds = new Set(own.map((c) => c.kind));
  const free = KIND_ORDER.filter((k) => !ownKinds.has(k));

  return (
    <Page>
      <PageHeader
        title="Integrations"
        description="The AI engines this workspace’s runs ask, and the keys they use."
        actions={
          canManage && !adding && free.length > 0 && data && viewer.data ? (
            <button type="button" className={buttonClass.primary} onClick={() => setAdding(true)}>
              Connect an engine
            </button>
          ) : null
        }
      />
      {adding ? (
        <section
          aria-label="Connect an engine"
          className="rounded-xl border border-border bg-surface p-5"
        >
          <ConnectEngineForm kinds={free} onDone={() => setAdding(false)} />
        </section>
      ) : null}
      {error && !data ? (
        <ErrorState
          title="Could not load the engines"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (loading && !data) || (viewer.loading && !viewer.data) ? (
        // The role decides which controls show: wait for it rather than flash a read-only page.
        <SkeletonRows rows={3} label="Loading engines" />
      ) : (
        <>
          <section aria-labelledby="own-connections" className="flex flex-col gap-3">
            <h2 id="own-connections" className="text-sm font-semibold text-fg">
              This workspace’s connections
            </h2>
            {own.length === 0 ? (
              <EmptyState icon={Plug} title="No engines connected yet">
                {canManage
                  ? 'Connect a provider with your own key: its engine joins the engines this workspace’s brands can pick, and where the server also offers that provider, this workspace’s runs use your key instead of the server’s.'
                  : 'Owners and admins can connect providers with the workspace’s own keys.'}{' '}
                {server.length === 0
                  ? 'Until then Lumen’s offline engines answer, each labelled “(offline)”.'
                  : ''}
              </EmptyState>
            ) : (
              <ul className="grid gap-3 lg:grid-cols-2">
                {own.map((c) => (
                  <ConnectionCard key={c.id} connection={c} canManage={canManage} />
                ))}
              </ul>
            )}
          </section>
          {server.length > 0 ? (
            <section aria-labelledby="server-connections" className="flex flex-col gap-3">
              <div>
                <h2 id="server-connections" className="text-sm font-semibold text-fg">
                  From the server
                </h2>
                <p className="text-sm text-muted">
                  Keys the operator set for every workspace. A connection of this workspace wins
                  over them.
                </p>
              </div>
              <ul className="grid gap-3 lg:grid-cols-2">
                {server.map((c) => (
                  <ConnectionCard
                    key={c.id}
                    connection={c}
                    canManage={false}
                    overridden={ownKinds.has(c.kind)}
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </Page>
  );
}
