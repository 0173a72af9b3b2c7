import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';

type AuthSnapshot = { user: User | null; session: Session | null; loading: boolean };

type AuthClient = Pick<SupabaseClient['auth'], 'getSession' | 'onAuthStateChange' | 'signOut'>;

type Properties = Record<string, string | number | boolean | null>;

export type AuthAnalytics = {
  identify(distinctId: string): void;
  capture(event: string, properties?: Properties): void;
  reset(): void;
};

export type AuthStore = {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** Fetches the stored session once and follows auth events; idempotent. */
  start(): void;
  signOut(): Promise<void>;
};

/**
 * The auth state as a small external store: loading until the session is known,
 * every auth event sets session and user and clears loading; analytics on sign-in and sign-out.
 */
export function createAuthStore(
  auth: AuthClient,
  analytics: AuthAnalytics,
  hooks: { onSignedOut?: () => void } = {},
): AuthStore {
  let snapshot: AuthSnapshot = { user: null, session: null, loading: true };
  const listeners = new Set<() => void>();
  let started = false;
  // supabase-js also emits SIGNED_IN when it recovers a stored session or a tab regains focus;
  // user_signed_in should count a person signing in, so it is sent once per user per page view.
  let identifiedUserId: string | null = null;

  const set = (session: Session | null) => {
    snapshot = { session, user: session?.user ?? null, loading: false };
    for (const listener of listeners) listener();
  };

  const onEvent = (event: AuthChangeEvent, session: Session | null) => {
    set(session);
    if (event === 'SIGNED_IN' && session && identifiedUserId !== session.user.id) {
      identifiedUserId = session.user.id;
      analytics.identify(session.user.id);
      analytics.capture('user_signed_in', { method: 'supabase' });
    }
    if (event === 'SIGNED_OUT') {
      identifiedUserId = null;
      analytics.reset();
      hooks.onSignedOut?.();
    }
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      void auth.getSession().then(({ data }) => set(data.session));
      auth.onAuthStateChange(onEvent);
    },
    async signOut() {
      analytics.capture('user_signed_out');
      await auth.signOut();
      set(null);
    },
  };
}
