import { type JSX, useState } from 'react';
import type { OAuthProvider } from '../../../app/runtimeConfig';
import { useRuntimeConfig } from '../../../app/runtimeConfigContext';
import { buttonClass } from '../../../ui/button';
import { useSupabase } from '../hooks/useAuth';
import { rememberNextPath } from '../utils/nextPath';

type Provider = OAuthProvider;

function GoogleIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

const LABELS: Record<Provider, { label: string; Icon: () => JSX.Element }> = {
  google: { label: 'Continue with Google', Icon: GoogleIcon },
  facebook: { label: 'Continue with Facebook', Icon: FacebookIcon },
};

/**
 * The provider buttons the server offers (/config.json), then "or" before the email form; nothing
 * at all when it offers none (local auth without AUTH_STAND_INS=1).
 */
export function OAuthButtons({
  next,
  onError,
}: {
  next: string;
  onError: (message: string) => void;
}) {
  const supabase = useSupabase();
  const { oauthProviders } = useRuntimeConfig();
  const [pending, setPending] = useState<Provider | null>(null);

  const start = async (provider: Provider) => {
    setPending(provider);
    rememberNextPath(next);
    const { error } = await supabase.auth.signInWithOAuth({
      provider,
      options: {
        redirectTo: `${window.location.origin}/auth/callback`,
        ...(provider === 'google'
          ? { queryParams: { access_type: 'offline', prompt: 'consent' } }
          : {}),
      },
    });
    // On success the browser is already leaving for the provider.
    if (error) {
      setPending(null);
      onError(error.message);
    }
  };

  if (oauthProviders.length === 0) return null;
  return (
    <>
      <div className="flex flex-col gap-2">
        {oauthProviders.map((provider) => {
          const { label, Icon } = LABELS[provider];
          return (
            <button
              key={provider}
              type="button"
              className={`${buttonClass.secondary} w-full`}
              disabled={pending !== null}
              onClick={() => void start(provider)}
            >
              <Icon />
              {label}
            </button>
          );
        })}
      </div>
      <OrDivider />
    </>
  );
}

function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-subtle">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
