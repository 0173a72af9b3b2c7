import { useMutation, useQuery } from '@apollo/client/react';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import type { ApiKeyFieldsFragment, WorkspaceRole } from '@lumen/schema/generated/graphql';
import { Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { formatDate, formatMoment } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { toastError } from '../../../ui/toastError';
import { SettingsCard } from '../../team/components/SettingsCard';
import { domainRole, roleLabel } from '../../team/utils/roles';
import {
  ApiAccessQuery,
  ApiKeysQuery,
  CreateApiKeyMutation,
  RevokeApiKeyMutation,
} from '../graphql/apiKeys';
import {
  EXPIRY_OPTIONS,
  type ExpiryChoice,
  expiresAtFor,
  keyBadge,
  sortKeys,
} from '../utils/apiKeyView';
import { ApiDocsCard } from './ApiDocsCard';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.message(what, { description: text });
  }
}

const KEY_ROLES: readonly { value: WorkspaceRole; label: string; can: string }[] = [
  { value: 'VIEWER', label: 'Viewer', can: 'reads everything' },
  { value: 'MEMBER', label: 'Member', can: 'also edits brands and starts runs' },
  { value: 'ADMIN', label: 'Admin', can: 'also manages sites, engines and keys' },
];

/** Settings → API keys: the workspace's keys and how to call the API (docs/api.md). */
export function ApiKeysSection() {
  const access = useQuery(ApiAccessQuery);
  const role = access.data?.currentWorkspace.role;
  const canManage = role ? teamAllows(domainRole(role), 'manageApiKeys') : false;

  return (
    <>
      {access.error ? (
        <ErrorState
          title="Could not load your workspace"
          error={access.error}
          onRetry={() => void access.refetch()}
        />
      ) : !role ? (
        <SettingsCard title="API keys">
          <div className="flex flex-col gap-3 py-3">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        </SettingsCard>
      ) : canManage ? (
        <KeysManager workspaceName={access.data?.currentWorkspace.name ?? ''} />
      ) : (
        <SettingsCard title="API keys">
          <p className="py-3 text-sm text-muted">
            Owners and admins of this workspace create and revoke its API keys. Ask one of them for
            a key; the documentation below shows how to use it.
          </p>
        </SettingsCard>
      )}
      <ApiDocsCard />
    </>
  );
}

function KeysManager({ workspaceName }: { workspaceName: string }) {
  const { data, error, loading, refetch } = useQuery(ApiKeysQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const [revoke, revokeState] = useMutation(RevokeApiKeyMutation);

  return (
    <>
      <CreateKeyForm
        workspaceName={workspaceName}
        onCreated={(key) => {
          setCreated(key);
          void refetch();
        }}
      />
      {created ? <NewSecret {...created} onDone={() => setCreated(null)} /> : null}
      <SettingsCard title="Keys">
        {error ? (
          <div className="py-3">
            <ErrorState
              title="Could not load the keys"
              error={error}
              onRetry={() => void refetch()}
            />
          </div>
        ) : loading && !data ? (
          <div className="flex flex-col gap-3 py-3" aria-busy="true">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : !data?.apiKeys.length ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <KeyRound aria-hidden="true" size={22} className="text-accent-text" />
            <p className="text-sm font-medium text-fg">No API keys yet</p>
            <p className="max-w-sm text-sm text-muted">
              A key lets a script, a BI tool or an AI agent read (and, with its role, change) this
              workspace. Create one above.
            </p>
          </div>
        ) : (
          <KeyList
            keys={data.apiKeys}
            onRevoke={(key) => setRevoking({ id: key.id, name: key.name })}
          />
        )}
      </SettingsCard>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        busy={revokeState.loading}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          void revoke({ variables: { id: revoking.id } })
            .then(() => {
              toast.success(`${revoking.name} was revoked.`);
              setRevoking(null);
              return refetch();
            })
            .catch(toastError);
        }}
      >
        Anything using this key is refused from its next request on. This cannot be undone; create a
        new key to replace it.
      </ConfirmDialog>
    </>
  );
}

function KeyList(props: {
  keys: readonly ApiKeyFieldsFragment[];
  onRevoke: (key: { id: string; name: string }) => void;
}) {
  const keys = sortKeys(props.keys, new Date());
  return (
    <ul className="divide-y divide-border">
      {keys.map((key) => {
        const badge = keyBadge(key, new Date());
        return (
          <li
            key={key.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm text-fg">
                <span className="truncate font-medium">{key.name}</span>
                <span
                  className={`rounded px-1.5 py-0.5 text-xs ${
                    badge.tone === 'success'
                      ? 'bg-success/15 text-success'
                      : badge.tone === 'danger'
                        ? 'bg-danger-soft text-danger'
                        : 'bg-surface-2 text-muted'
                  }`}
                >
                  {badge.label}
                </span>
                <span className="text-xs text-muted">{roleLabel(key.role)}</span>
              </p>
              <p className="font-mono text-xs text-muted">{key.prefix}…</p>
              <p className="text-xs text-muted">
                Created {formatDate(key.createdAt)}
                {key.expiresAt ? ` · expires ${formatDate(key.expiresAt)}` : ' · never expires'}
                {' · '}
                {key.lastUsedAt
                  ? `last used ${formatMoment(key.lastUsedAt)}${key.lastUsedAddress ? ` from ${key.lastUsedAddress}` : ''}`
                  : 'never used'}
                {key.revokedAt ? ` · revoked ${formatDate(key.revokedAt)}` : ''}
              </p>
            </div>
            {badge.label === 'Revoked' ? null : (
              <button
                type="button"
                className={buttonClass.ghost}
                aria-label={`Revoke ${key.name}`}
                onClick={() => props.onRevoke(key)}
              >
                Revoke
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function CreateKeyForm(props: {
  workspaceName: string;
  onCreated: (key: { name: string; secret: string }) => void;
}) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('VIEWER');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateApiKeyMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const res = await create({
        variables: { input: { name, role, expiresAt: expiresAtFor(expiry, new Date()) } },
      });
      const made = res.data?.createApiKey;
      if (made) props.onCreated({ name: made.apiKey.name, secret: made.secret });
      setName('');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };

  return (
    <SettingsCard title="Create an API key">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
        <p className="text-sm text-muted">
          A key acts in {props.workspaceName ? `“${props.workspaceName}”` : 'this workspace'} only,
          with the role you give it.
        </p>
        <FormAlert message={problem} />
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_8rem_8rem_auto]">
          <div className="flex flex-col gap-1">
            <label htmlFor="api-key-name" className="text-xs text-muted">
              Name
            </label>
            <input
              id="api-key-name"
              required
              maxLength={80}
              placeholder="Looker Studio, CI, Claude…"
              className={inputClass}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="api-key-role" className="text-xs text-muted">
              Role
            </label>
            <select
              id="api-key-role"
              className={inputClass}
              value={role}
              onChange={(e) => setRole(e.target.value as WorkspaceRole)}
            >
              {KEY_ROLES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="api-key-expiry" className="text-xs text-muted">
              Expires
            </label>
            <select
              id="api-key-expiry"
              className={inputClass}
              value={expiry}
              onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}
            >
              {EXPIRY_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-end">
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={loading}>
              Create key
            </button>
          </div>
        </div>
        <p className="text-xs text-subtle">
          {KEY_ROLES.map((r) => `${r.label}: ${r.can}`).join(' · ')}. Never owner.
        </p>
      </form>
    </SettingsCard>
  );
}

function NewSecret(props: { name: string; secret: string; onDone: () => void }) {
  return (
    <section
      aria-label="New API key"
      className="flex flex-col gap-3 rounded-xl border border-accent bg-accent-soft px-5 py-4"
    >
      <h2 className="text-sm font-semibold text-fg">“{props.name}” is ready</h2>
      <p className="text-sm text-muted">
        Copy the secret now: it is shown this once. Lumen keeps only a hash of it.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="new-api-key">
          Secret
        </label>
        <input
          id="new-api-key"
          readOnly
          value={props.secret}
          className={`${inputClass} font-mono text-xs sm:flex-1`}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void copy(props.secret, 'API key')}
        >
          <Copy aria-hidden="true" size={14} />
          Copy key
        </button>
        <button type="button" className={buttonClass.ghost} onClick={props.onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
