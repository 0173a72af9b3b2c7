import { useMutation, useQuery } from '@apollo/client/react';
import type { WorkspaceRole } from '@lumen/schema/generated/graphql';
import { Copy, Mail, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { switchWorkspace } from '../../../app/workspaceSelection';
import { buttonClass, inputClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { formatDate } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { toastError } from '../../../ui/toastError';
import {
  InviteMemberMutation,
  LeaveWorkspaceMutation,
  RemoveMemberMutation,
  ResendInvitationMutation,
  RevokeInvitationMutation,
  SetMemberRoleMutation,
  TeamQuery,
} from '../graphql/team';
import { manageableRoles, ROLE_OPTIONS, roleLabel } from '../utils/roles';
import { SettingsCard } from './SettingsCard';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.message(what, { description: text });
  }
}

/** Settings → Members: people, invitations, roles (docs/web.md, "Settings"). */
export function MembersSection() {
  const { data, error, refetch } = useQuery(TeamQuery, { fetchPolicy: 'network-only' });
  const refresh = { refetchQueries: [TeamQuery], awaitRefetchQueries: true };
  const [setRole] = useMutation(SetMemberRoleMutation, refresh);
  const [remove] = useMutation(RemoveMemberMutation, refresh);
  const [leave] = useMutation(LeaveWorkspaceMutation);
  const [resend] = useMutation(ResendInvitationMutation, refresh);
  const [revoke] = useMutation(RevokeInvitationMutation, refresh);

  if (error) {
    return (
      <ErrorState title="Could not load the members" error={error} onRetry={() => void refetch()} />
    );
  }
  const workspace = data?.currentWorkspace;
  if (!workspace || !data) {
    return (
      <SettingsCard title="Members">
        <div className="flex flex-col gap-3 py-3">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      </SettingsCard>
    );
  }
  const me = data.me.id;
  const roles = manageableRoles(workspace.role);
  const canManage = roles.length > 0;
  const seatsUsed = workspace.members.length + workspace.invitations.length;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <>
      {canManage ? (
        <InviteForm
          workspaceId={workspace.id}
          roles={roles}
          seatsUsed={seatsUsed}
          seats={data.planLimits.seats}
          onInvited={() => void refetch()}
        />
      ) : null}
      <SettingsCard title={`Members (${workspace.members.length})`}>
        <ul className="divide-y divide-border">
          {workspace.members.map((member) => {
            const self = member.user.id === me;
            const editable = canManage && (member.role !== 'OWNER' || workspace.role === 'OWNER');
            return (
              <li
                key={member.user.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-fg">
                    {member.user.email}
                    {self ? <span className="text-muted"> (you)</span> : null}
                  </p>
                  <p className="text-xs text-muted">Joined {formatDate(member.joinedAt)}</p>
                </div>
                <div className="flex items-center gap-2">
                  {editable ? (
                    <select
                      aria-label={`Role of ${member.user.email}`}
                      className={`${inputClass} w-32`}
                      value={member.role}
                      onChange={(e) =>
                        void run(
                          () =>
                            setRole({
                              variables: {
                                workspaceId: workspace.id,
                                userId: member.user.id,
                                role: e.target.value as WorkspaceRole,
                              },
                            }),
                          `${member.user.email} is now ${roleLabel(e.target.value).toLowerCase()}.`,
                        )
                      }
                    >
                      {(roles.some((r) => r.value === member.role)
                        ? roles
                        : [...roles, { value: member.role, label: roleLabel(member.role) }]
                      ).map((r) => (
                        <option key={r.value} value={r.value}>
                          {r.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="text-sm text-muted">{roleLabel(member.role)}</span>
                  )}
                  {self ? (
                    workspace.personal ? null : (
                      <button
                        type="button"
                        className={buttonClass.secondary}
                        onClick={() =>
                          void run(async () => {
                            await leave({ variables: { workspaceId: workspace.id } });
                            switchWorkspace(null);
                          }, 'You left the workspace.')
                        }
                      >
                        Leave
                      </button>
                    )
                  ) : editable ? (
                    <button
                      type="button"
                      aria-label={`Remove ${member.user.email}`}
                      className={buttonClass.icon}
                      onClick={() =>
                        void run(
                          () =>
                            remove({
                              variables: { workspaceId: workspace.id, userId: member.user.id },
                            }),
                          `${member.user.email} was removed.`,
                        )
                      }
                    >
                      <Trash2 aria-hidden="true" size={15} />
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </SettingsCard>
      <SettingsCard title={`Invitations (${workspace.invitations.length})`}>
        {workspace.invitations.length === 0 ? (
          <p className="py-3 text-sm text-muted">
            No pending invitations.{' '}
            {canManage ? 'Invite someone above; the link works once, for 7 days.' : null}
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {workspace.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-fg">{invitation.email}</p>
                  <p className="text-xs text-muted">
                    {roleLabel(invitation.role)} · expires {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                {canManage ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      title="Makes a new link (the old one stops working) and copies it"
                      onClick={() =>
                        void run(async () => {
                          const res = await resend({ variables: { id: invitation.id } });
                          const url = res.data?.resendInvitation.acceptUrl;
                          if (url) await copy(url, 'Invitation link');
                        }, 'A new link was made; the old one no longer works.')
                      }
                    >
                      <Copy aria-hidden="true" size={14} />
                      Copy link
                    </button>
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      onClick={() =>
                        void run(
                          () => resend({ variables: { id: invitation.id } }),
                          'Invitation sent again, valid for 7 more days.',
                        )
                      }
                    >
                      <Mail aria-hidden="true" size={14} />
                      Resend
                    </button>
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      onClick={() =>
                        void run(
                          () => revoke({ variables: { id: invitation.id } }),
                          'Invitation revoked.',
                        )
                      }
                    >
                      Revoke
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>
      <SettingsCard title="What each role may do">
        <dl className="divide-y divide-border">
          {ROLE_OPTIONS.map((r) => (
            <div key={r.value} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[120px_1fr]">
              <dt className="text-sm font-medium text-fg">{r.label}</dt>
              <dd className="text-sm text-muted">{r.can}</dd>
            </div>
          ))}
        </dl>
      </SettingsCard>
    </>
  );
}

function InviteForm(props: {
  workspaceId: string;
  roles: readonly { value: WorkspaceRole; label: string }[];
  seatsUsed: number;
  seats: number;
  onInvited: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('MEMBER');
  const [link, setLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [invite, { loading }] = useMutation(InviteMemberMutation);
  const full = props.seatsUsed >= props.seats;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setLink(null);
    try {
      const res = await invite({ variables: { workspaceId: props.workspaceId, email, role } });
      const made = res.data?.inviteMember;
      setLink(made?.acceptUrl ?? null);
      toast.success(
        made?.acceptUrl ? `Invitation for ${made.email} ready: copy the link.` : 'Invitation sent.',
      );
      setEmail('');
      props.onInvited();
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };

  return (
    <SettingsCard title="Invite someone">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
        <p className="text-sm text-muted">
          {props.seatsUsed} of {props.seats} seats used (members and pending invitations).
          {full ? ' Remove someone or revoke an invitation to invite more.' : ''}
        </p>
        <FormAlert message={problem} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor="invite-email">
            Email
          </label>
          <input
            id="invite-email"
            type="email"
            required
            placeholder="colleague@company.com"
            className={`${inputClass} sm:flex-1`}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <label className="sr-only" htmlFor="invite-role">
            Role
          </label>
          <select
            id="invite-role"
            className={`${inputClass} sm:w-32`}
            value={role}
            onChange={(e) => setRole(e.target.value as WorkspaceRole)}
          >
            {props.roles.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClass.primary} disabled={loading || full}>
            Invite
          </button>
        </div>
        {link ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <label className="sr-only" htmlFor="invite-link">
              Invitation link
            </label>
            <input
              id="invite-link"
              readOnly
              value={link}
              className={`${inputClass} font-mono text-xs sm:flex-1`}
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void copy(link, 'Invitation link')}
            >
              <Copy aria-hidden="true" size={14} />
              Copy link
            </button>
          </div>
        ) : null}
      </form>
    </SettingsCard>
  );
}
