import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { formatDate } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { useAuth, useSupabase } from '../../auth/hooks/useAuth';
import { rememberNextPath } from '../../auth/utils/nextPath';
import { SettingsCard } from '../../team/components/SettingsCard';
import { DeleteAccountMutation, ProfileQuery, UpdateProfileMutation } from '../graphql/account';

/**
 * Settings → Profile: the person's own account. Name is Lumen's; email, password and sessions
 * belong to the sign-in service (Supabase Auth, or local auth speaking its protocol).
 */
export function ProfileSection() {
  const { data, loading, error, refetch } = useQuery(ProfileQuery);
  const me = data?.me;
  if (error) {
    return (
      <ErrorState
        title="Could not load your profile"
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <>
      <SettingsCard title="Profile">
        {loading && !me ? (
          <Skeleton className="my-3 h-9 w-full" />
        ) : me ? (
          <>
            <DisplayNameForm name={me.displayName ?? ''} />
            <p className="border-t border-border py-3 text-sm text-muted">
              Member since {formatDate(me.createdAt)} ·{' '}
              <span className="font-mono text-xs">{me.id}</span>
            </p>
          </>
        ) : null}
      </SettingsCard>
      <EmailCard email={me?.email ?? null} />
      <PasswordCard />
      <SessionsCard />
      {me ? <DeleteAccountCard email={me.email} /> : null}
    </>
  );
}

function DisplayNameForm({ name }: { name: string }) {
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { loading }] = useMutation(UpdateProfileMutation);
  useEffect(() => setValue(name), [name]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await save({ variables: { input: { displayName: value } } });
      toast.success(value.trim() ? 'Display name saved.' : 'Display name removed.');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
      <FormAlert message={problem} />
      <FormField
        label="Display name"
        note="optional"
        value={value}
        maxLength={80}
        autoComplete="name"
        hint="Shown to the people in your workspaces instead of your email."
        onValueChange={setValue}
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={loading || value === name}>
          {loading ? <Spinner label="Saving" size={16} /> : null}
          Save name
        </button>
      </div>
    </form>
  );
}

function EmailCard({ email }: { email: string | null }) {
  const supabase = useSupabase();
  const [next, setNext] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSentTo(null);
    setBusy(true);
    // The link in the mail signs in through /auth/callback and comes back here.
    rememberNextPath('/settings/profile');
    const { error } = await supabase.auth.updateUser(
      { email: next.trim(), current_password: password },
      { emailRedirectTo: `${window.location.origin}/auth/callback` },
    );
    setBusy(false);
    if (error) {
      setProblem(error.message);
      return;
    }
    setSentTo(next.trim());
    setPassword('');
  };
  return (
    <SettingsCard title="Email">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
        <p className="text-sm text-muted">
          You sign in as <span className="font-medium text-fg">{email ?? '…'}</span>. A new address
          takes effect once you open the link we send to it.
        </p>
        <FormAlert message={problem} />
        {sentTo ? (
          <p role="status" className="rounded-md bg-accent-soft px-3 py-2 text-sm text-fg">
            Check the inbox of {sentTo} and open the link to confirm the change.
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="New email"
            type="email"
            required
            autoComplete="email"
            value={next}
            onValueChange={setNext}
          />
          <FormField
            label="Current password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
        </div>
        <div>
          <button
            type="submit"
            className={buttonClass.secondary}
            disabled={busy || !next || !password}
          >
            {busy ? <Spinner label="Sending" size={16} /> : null}
            Change email
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

function PasswordCard() {
  const supabase = useSupabase();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const mismatch = repeat !== '' && next !== repeat;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (next !== repeat) return;
    setBusy(true);
    const { error } = await supabase.auth.updateUser({ password: next, current_password: current });
    setBusy(false);
    if (error) {
      setProblem(error.message);
      return;
    }
    setCurrent('');
    setNext('');
    setRepeat('');
    toast.success('Password changed. Your other devices are signed out.');
  };
  return (
    <SettingsCard title="Password">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
        <FormAlert message={problem} />
        <FormField
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="New password"
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            value={next}
            hint="At least 8 characters."
            onValueChange={setNext}
          />
          <FormField
            label="Repeat new password"
            type="password"
            required
            autoComplete="new-password"
            value={repeat}
            error={mismatch ? 'The two passwords differ.' : undefined}
            onValueChange={setRepeat}
          />
        </div>
        <div>
          <button
            type="submit"
            className={buttonClass.secondary}
            disabled={busy || !current || !next || mismatch}
          >
            {busy ? <Spinner label="Changing" size={16} /> : null}
            Change password
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

function SessionsCard() {
  const supabase = useSupabase();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const everywhere = async () => {
    setBusy(true);
    const { error } = await supabase.auth.signOut({ scope: 'global' });
    setBusy(false);
    if (error) {
      toast.error(error.message);
      return;
    }
    navigate('/login', { replace: true });
  };
  return (
    <SettingsCard title="Sessions">
      <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          Signs you out on every device and browser, this one included.
        </p>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={busy}
          onClick={() => void everywhere()}
        >
          {busy ? <Spinner label="Signing out" size={16} /> : null}
          Sign out everywhere
        </button>
      </div>
    </SettingsCard>
  );
}

function DeleteAccountCard({ email }: { email: string }) {
  const supabase = useSupabase();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleteAccount] = useMutation(DeleteAccountMutation);
  // A person who signs in with a password proves it again here; one who uses Google or
  // Facebook signs in again instead (the server wants a sign-in of the last 10 minutes).
  const hasPassword = (user?.identities ?? []).some((i) => i.provider === 'email');
  const confirmed = confirmation.trim().toLowerCase() === email.toLowerCase();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      if (hasPassword) {
        const { error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) {
          setProblem(error.message);
          return;
        }
      }
      await deleteAccount({ variables: { confirmation } });
      await supabase.auth.signOut({ scope: 'local' });
      toast.success('Your account was deleted.');
      navigate('/login', { replace: true });
    } catch (e) {
      const read = readGraphQLError(e);
      setProblem(
        read.code === 'REAUTHENTICATION_REQUIRED'
          ? `${read.message} Sign out, sign in again, then come back here.`
          : read.message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-label="Delete account"
      className="rounded-xl border border-danger/40 bg-surface px-5 py-2"
    >
      <h2 className="border-b border-border py-3 text-sm font-semibold text-danger">
        Delete account
      </h2>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
        <p className="text-sm text-muted">
          Deletes your sign-in, your personal workspace and every workspace only you are in, with
          their brands, runs and drafts. Posts already on WordPress stay where they are. While you
          are the only owner of a workspace where others work, make someone else an owner first.
        </p>
        <FormAlert message={problem} />
        <FormField
          label={`Type ${email} to confirm`}
          value={confirmation}
          autoComplete="off"
          onValueChange={setConfirmation}
        />
        {hasPassword ? (
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
        ) : null}
        <div>
          <button
            type="submit"
            className={`${buttonClass.primary} bg-danger hover:bg-danger`}
            disabled={busy || !confirmed || (hasPassword && !password)}
          >
            {busy ? <Spinner label="Deleting" size={16} /> : null}
            Delete my account
          </button>
        </div>
      </form>
    </section>
  );
}
