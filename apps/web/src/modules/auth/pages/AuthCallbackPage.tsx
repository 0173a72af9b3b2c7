import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/Spinner';
import { AuthCard } from '../components/AuthCard';
import { useSupabase } from '../hooks/useAuth';
import { callbackErrorMessage } from '../utils/callbackError';
import { takeRememberedNextPath } from '../utils/nextPath';

// A PKCE code can be exchanged once; React's dev double effects must not try twice.
const exchanges = new Map<string, Promise<string | null>>();

function exchangeOnce(supabase: SupabaseClient, code: string): Promise<string | null> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = supabase.auth
      .exchangeCodeForSession(code)
      .then(({ error }) => (error ? error.message : null));
    exchanges.set(code, pending);
  }
  return pending;
}

export function AuthCallbackPage() {
  const supabase = useSupabase();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const providerError = callbackErrorMessage(window.location.search, window.location.hash);
    if (providerError) {
      setError(providerError);
      return;
    }
    const code = params.get('code');
    if (!code) {
      setError('This sign-in link has no authorization code. Start again from the sign-in page.');
      return;
    }
    let active = true;
    void exchangeOnce(supabase, code).then((message) => {
      if (!active) return;
      if (message) setError(message);
      else navigate(takeRememberedNextPath(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [supabase, navigate]);

  if (error) {
    return (
      <AuthCard title="Sign-in failed" subtitle="We could not complete your sign-in.">
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
          <Link to="/login" className={`${buttonClass.primary} w-full`}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 bg-bg text-sm text-muted">
      <Spinner label="Completing sign-in" size={28} />
      <p>Completing sign-in…</p>
    </div>
  );
}
