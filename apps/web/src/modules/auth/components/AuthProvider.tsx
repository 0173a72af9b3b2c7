import { useApolloClient } from '@apollo/client/react';
import type { Session, User } from '@supabase/supabase-js';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setAccessTokenGetter } from '../../../app/accessToken';
import { capture, identify, resetAnalytics } from '../../../app/analytics';
import { useRuntimeConfig } from '../../../app/runtimeConfigContext';
import { AuthContext, type AuthContextValue, SupabaseContext } from '../authContext';
import { getSupabase } from '../supabaseClient';

export function AuthProvider({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  const apollo = useApolloClient();
  const supabase = useMemo(() => getSupabase(config), [config]);
  const [session, setSession] = useState<Session | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  // supabase-js also emits SIGNED_IN when a stored session is recovered or a tab regains focus;
  // the analytics event should mark a person signing in, once per user per page view.
  const identifiedUserId = useRef<string | null>(null);

  useEffect(() => {
    setAccessTokenGetter(async () => {
      const { data } = await supabase.auth.getSession();
      return data.session?.access_token ?? null;
    });
    let active = true;
    void supabase.auth.getSession().then(({ data }) => {
      if (!active) return;
      setSession(data.session);
      setUser(data.session?.user ?? null);
      setLoading(false);
    });
    const { data } = supabase.auth.onAuthStateChange((event, next) => {
      setSession(next);
      setUser(next?.user ?? null);
      setLoading(false);
      if (event === 'SIGNED_IN' && next && identifiedUserId.current !== next.user.id) {
        identifiedUserId.current = next.user.id;
        identify(next.user.id, {
          email: next.user.email ?? null,
          created_at: next.user.created_at,
        });
        capture('user_signed_in', { method: 'supabase' });
      }
      if (event === 'SIGNED_OUT') {
        identifiedUserId.current = null;
        resetAnalytics();
        void apollo.clearStore();
      }
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [supabase, apollo]);

  const signOut = useCallback(async () => {
    capture('user_signed_out');
    await supabase.auth.signOut();
    setUser(null);
    setSession(null);
  }, [supabase]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, session, loading, signOut }),
    [user, session, loading, signOut],
  );

  return (
    <SupabaseContext.Provider value={supabase}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </SupabaseContext.Provider>
  );
}
