import { useApolloClient } from '@apollo/client/react';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { setAccessTokenGetter } from '../../../app/accessToken';
import { capture, identify, resetAnalytics } from '../../../app/analytics';
import { useRuntimeConfig } from '../../../app/runtimeConfigContext';
import { AuthContext, type AuthContextValue, SupabaseContext } from '../authContext';
import { type AuthStore, createAuthStore } from '../authStore';
import { getSupabase } from '../supabaseClient';

let store: AuthStore | null = null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  const apollo = useApolloClient();
  const supabase = getSupabase(config);
  // One store per page: the session is fetched once even when effects run twice (StrictMode).
  store ??= createAuthStore(
    supabase.auth,
    { identify, capture, reset: resetAnalytics },
    { onSignedOut: () => void apollo.clearStore() },
  );
  const authStore = store;

  useEffect(() => {
    setAccessTokenGetter(async () => {
      const { data } = await supabase.auth.getSession();
      return data.session?.access_token ?? null;
    });
    authStore.start();
  }, [supabase]);

  const snapshot = useSyncExternalStore(authStore.subscribe, authStore.getSnapshot);
  const value = useMemo<AuthContextValue>(
    () => ({ ...snapshot, signOut: authStore.signOut }),
    [snapshot],
  );

  return (
    <SupabaseContext.Provider value={supabase}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </SupabaseContext.Provider>
  );
}
