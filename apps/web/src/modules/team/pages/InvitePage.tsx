import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { switchWorkspace } from '../../../app/workspaceSelection';
import { buttonClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { useAuth } from '../../auth/hooks/useAuth';
import { AcceptInvitationMutation } from '../graphql/team';

/**
 * `/invite/<token>`: a signed-out visitor is sent to sign-up and back here (nextPath.ts); a
 * signed-in one joins with one click and lands in the workspace's brands.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const { user } = useAuth();
  const [problem, setProblem] = useState<string | null>(null);
  const [accept, { loading }] = useMutation(AcceptInvitationMutation);

  const join = async () => {
    setProblem(null);
    try {
      const res = await accept({ variables: { token } });
      const workspace = res.data?.acceptInvitation;
      if (workspace) switchWorkspace(workspace.id, '/campaigns');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };

  return (
    <Page width="narrow">
      <PageHeader
        title="Join a workspace"
        description={`You were invited to a Lumen workspace. You join as ${user?.email ?? 'yourself'}; the invitation must be for this address.`}
      />
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5">
        <FormAlert message={problem} />
        <div>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={loading}
            onClick={() => void join()}
          >
            Join the workspace
          </button>
        </div>
      </div>
    </Page>
  );
}
