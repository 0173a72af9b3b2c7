import { useMutation, useQuery } from '@apollo/client/react';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { switchWorkspace } from '../../../app/workspaceSelection';
import { buttonClass, inputClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { ViewerQuery } from '../../shell/graphql/viewer';
import { CreateWorkspaceMutation, RenameWorkspaceMutation, TeamQuery } from '../graphql/team';
import { domainRole, roleLabel } from '../utils/roles';
import { BrandDefaultsCard } from './BrandDefaultsCard';
import { SettingsCard } from './SettingsCard';
import { WorkspaceDangerZone } from './WorkspaceDangerZone';

/** Settings → Workspace: its name (owners rename it) and a new workspace. */
export function WorkspaceSection() {
  const { data, error, refetch } = useQuery(TeamQuery);
  const workspace = data?.currentWorkspace;
  if (error) {
    return (
      <ErrorState
        title="Could not load the workspace"
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <>
      <SettingsCard title="Workspace">
        {!workspace ? (
          <Skeleton className="my-3 h-9 w-full" />
        ) : teamAllows(domainRole(workspace.role), 'renameWorkspace') ? (
          <RenameForm id={workspace.id} name={workspace.name} />
        ) : (
          <p className="py-3 text-sm text-fg">
            {workspace.name}{' '}
            <span className="text-muted">
              (you are {roleLabel(workspace.role).toLowerCase()}; only an owner renames it)
            </span>
          </p>
        )}
      </SettingsCard>
      {workspace ? <BrandDefaultsCard workspaceId={workspace.id} role={workspace.role} /> : null}
      <CreateForm />
      {workspace ? <WorkspaceDangerZone workspace={workspace} /> : null}
    </>
  );
}

function RenameForm({ id, name }: { id: string; name: string }) {
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const [rename, { loading }] = useMutation(RenameWorkspaceMutation, {
    refetchQueries: [ViewerQuery, TeamQuery],
  });
  useEffect(() => setValue(name), [name]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await rename({ variables: { id, name: value } });
      toast.success('Workspace renamed.');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 py-3">
      <FormAlert message={problem} />
      <label htmlFor="workspace-name" className="text-sm font-medium text-fg">
        Name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="workspace-name"
          className={`${inputClass} sm:flex-1`}
          value={value}
          maxLength={80}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className={buttonClass.primary} disabled={loading || value === name}>
          Rename
        </button>
      </div>
    </form>
  );
}

function CreateForm() {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateWorkspaceMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const res = await create({ variables: { name } });
      const made = res.data?.createWorkspace;
      if (made) switchWorkspace(made.id, '/settings/members');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };
  return (
    <SettingsCard title="New workspace">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 py-3">
        <p className="text-sm text-muted">
          One workspace per client or team: its own brands, people and plan. You will be its owner.
        </p>
        <FormAlert message={problem} />
        <label htmlFor="new-workspace-name" className="sr-only">
          New workspace name
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="new-workspace-name"
            className={`${inputClass} sm:flex-1`}
            placeholder="Acme marketing"
            value={name}
            maxLength={80}
            required
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className={buttonClass.secondary} disabled={loading}>
            Create and switch
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
