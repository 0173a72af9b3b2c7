import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { Spinner } from '../../../ui/Spinner';
import { AuthCard } from '../components/AuthCard';
import { OAuthButtons } from '../components/OAuthButtons';
import { QuickCheckLink } from '../components/QuickCheckLink';
import { useSupabase } from '../hooks/useAuth';
import { trackQuickScorePath } from '../utils/nextPath';
import {
  type CredentialErrors,
  MIN_PASSWORD_LENGTH,
  validateSignUp,
} from '../utils/validateCredentials';

export function SignupPage() {
  const supabase = useSupabase();
  const [params] = useSearchParams();
  // Signing up from a quick check's results tracks that check's brand right away.
  const quickScore = params.get('quickScore');
  const next = params.get('next') ?? (quickScore ? trackQuickScorePath(quickScore) : '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignUp({ email, password, confirmPassword });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const { data, error } = await supabase.auth.signUp({
      email: email.trim(),
      password,
      options: { emailRedirectTo: `${window.location.origin}/auth/callback` },
    });
    setSubmitting(false);
    if (error) setServerError(error.message);
    // Hosted projects may require a confirmed email before they issue a session.
    else if (!data.session) setAwaitingConfirmation(true);
  };

  const loginHref = next ? `/login?next=${encodeURIComponent(next)}` : '/login';

  if (awaitingConfirmation) {
    return (
      <AuthCard
        title="Check your email"
        subtitle={`We sent a confirmation link to ${email.trim()}.`}
      >
        <div className="flex flex-col items-center gap-3 text-center text-sm text-muted">
          <MailCheck aria-hidden="true" size={28} className="text-accent-text" />
          <p>Open the link to finish creating your account, then sign in.</p>
          <Link to={loginHref} className={`${buttonClass.secondary} w-full`}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your Lumen account"
      subtitle="Track your brand across ChatGPT, Claude, Gemini and Perplexity."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginHref} className="font-medium text-accent-text hover:underline">
            Sign in
          </Link>
          <QuickCheckLink />
        </>
      }
    >
      <OAuthButtons next={next} onError={setServerError} />
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormAlert message={serverError} />
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <FormField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <FormField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={errors.confirmPassword}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={submitting}>
          {submitting ? <Spinner label="Creating your account" size={16} /> : null}
          Create account
        </button>
      </form>
    </AuthCard>
  );
}
