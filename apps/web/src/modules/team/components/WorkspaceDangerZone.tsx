import { useMutation } from '@apollo/client/react';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import { Download } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { downloadFile } from '../../../app/downloadFile';
import { switchWorkspace } from '../../../app/workspaceSelection';
import { buttonClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Spinner } from '../../../ui/Spinner';
import { DeleteWorkspaceMutation } from '../graphql/workspaceDeletion';
import { domainRole } from '../utils/roles';
import { SettingsCard } from './SettingsCard';

type Workspace = { id: string; name: string; role: string; personal: boolean };

/**
 * Settings → Workspace, last: the full export (owners and admins) and, for an owner of a
 * workspace that is not their personal one, deleting it (docs/security.md, "Exporting and
 * deleting a workspace").
 */
export function WorkspaceDangerZone({ workspace }: { workspace: Workspace }) {
  const role = domainRole(workspace.role);
  if (!teamAllows(role, 'exportWorkspace')) return null;
  return (
    <>
      <ExportCard />
      {teamAllows(role, 'deleteWorkspace') && !workspace.personal ? (
        <DeleteCard workspace={workspace} />
      ) : null}
    </>
  );
}

function ExportCard() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile('/export/workspace.zip', 'workspace-export.zip');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'The export failed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard title="Export">
      <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          Everything in this workspace as a zip: brands, prompts, runs, answers, metrics,
          opportunities, drafts and published items, each as CSV and as JSON. Keys and passwords are
          not included.
        </p>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={busy}
          onClick={() => void download()}
        >
          {busy ? (
            <Spinner label="Preparing" size={16} />
          ) : (
            <Download aria-hidden="true" size={15} />
          )}
          Download export
        </button>
      </div>
    </SettingsCard>
  );
}

function DeleteCard({ workspace }: { workspace: Workspace }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [remove, { loading }] = useMutation(DeleteWorkspaceMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await remove({ variables: { id: workspace.id, confirmation: typed } });
      toast.success(`“${workspace.name}” is being deleted.`);
      // Back to the personal workspace; this one is closed for everyone already.
      switchWorkspace(null, '/dashboard');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };
  return (
    <section
      aria-label="Delete workspace"
      className="rounded-xl border border-danger/40 bg-surface px-5 py-2"
    >
      <h2 className="border-b border-border py-3 text-sm font-semibold text-danger">
        Delete workspace
      </h2>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
        <p className="text-sm text-muted">
          Closes the workspace for everyone in it at once, ends its invitations and API keys, and
          then removes all of its brands, runs, answers, drafts and sites. Posts already on
          WordPress stay where they are. Download the export first if you may need any of it.
        </p>
        <FormAlert message={problem} />
        <FormField
          label={`Type ${workspace.name} to confirm`}
          value={typed}
          autoComplete="off"
          onValueChange={setTyped}
        />
        <div>
          <button
            type="submit"
            className={`${buttonClass.primary} bg-danger hover:bg-danger`}
            disabled={loading || typed.trim() !== workspace.name}
          >
            {loading ? <Spinner label="Deleting" size={16} /> : null}
            Delete this workspace
          </button>
        </div>
      </form>
    </section>
  );
}
