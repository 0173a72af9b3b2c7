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
import { type CredentialErrors, validateSignIn } from '../utils/validateCredentials';

export function LoginPage() {
  const supabase = useSupabase();
  const [params] = useSearchParams();
  const next = params.get('next') ?? '';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignIn({ email, password });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
    setSubmitting(false);
    // On success the auth state change moves this page on to `next`.
    if (error) setServerError(error.message);
  };

  const signupHref = next ? `/signup?next=${encodeURIComponent(next)}` : '/signup';

  return (
    <AuthCard
      title="Sign in to Lumen"
      subtitle="See how AI answers talk about your brand."
      footer={
        <>
          New to Lumen?{' '}
          <Link to={signupHref} className="font-medium text-accent-text hover:underline">
            Create an account
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
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={submitting}>
          {submitting ? <Spinner label="Signing in" size={16} /> : null}
          Sign in
        </button>
      </form>
    </AuthCard>
  );
}
