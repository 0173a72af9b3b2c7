import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { type AuthAnalytics, createAuthStore } from './authStore';

function session(id: string, email = `${id}@example.com`): Session {
  return {
    access_token: `at-${id}`,
    refresh_token: `rt-${id}`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    user: {
      id,
      email,
      created_at: '2026-01-02T03:04:05Z',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
    },
  } as Session;
}

// A stand-in for supabase.auth with the three calls the store makes.
function fakeAuth(stored: Session | null) {
  let emit: (event: AuthChangeEvent, next: Session | null) => void = () => undefined;
  const calls: string[] = [];
  const auth = {
    getSession: vi.fn(async () => {
      calls.push('getSession');
      return { data: { session: stored }, error: null };
    }),
    onAuthStateChange: vi.fn((callback: (event: AuthChangeEvent, next: Session | null) => void) => {
      emit = callback;
      return { data: { subscription: { id: 's', callback, unsubscribe: () => undefined } } };
    }),
    signOut: vi.fn(async () => {
      calls.push('signOut');
      return { error: null };
    }),
  };
  return { auth, calls, emit: (event: AuthChangeEvent, next: Session | null) => emit(event, next) };
}

function recorder(calls: string[] = []): AuthAnalytics & { calls: string[] } {
  return {
    calls,
    identify: (id, ...rest: unknown[]) =>
      calls.push(`identify ${id}${rest.length ? ` ${JSON.stringify(rest)}` : ''}`),
    capture: (event, props) =>
      calls.push(`capture ${event}${props ? ` ${JSON.stringify(props)}` : ''}`),
    reset: () => calls.push('reset'),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

type Auth = Parameters<typeof createAuthStore>[0];

describe('createAuthStore', () => {
  it('is loading until the stored session is fetched, once', async () => {
    const stored = session('u1');
    const { auth } = fakeAuth(stored);
    const store = createAuthStore(auth as unknown as Auth, recorder());
    expect(store.getSnapshot()).toEqual({ user: null, session: null, loading: true });
    store.start();
    store.start();
    await flush();
    expect(auth.getSession).toHaveBeenCalledTimes(1);
    expect(auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ user: stored.user, session: stored, loading: false });
  });

  it('sets session and user and clears loading on every auth event', async () => {
    const { auth, emit } = fakeAuth(null);
    const store = createAuthStore(auth as unknown as Auth, recorder());
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().loading));
    store.start();
    const refreshed = session('u2');
    for (const event of [
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'PASSWORD_RECOVERY',
      'MFA_CHALLENGE_VERIFIED',
    ] as const) {
      emit(event, refreshed);
      expect(store.getSnapshot()).toEqual({
        user: refreshed.user,
        session: refreshed,
        loading: false,
      });
    }
    emit('SIGNED_OUT', null);
    expect(store.getSnapshot()).toEqual({ user: null, session: null, loading: false });
    expect(seen.every((loading) => loading === false)).toBe(true);
  });

  it('identifies the user and records user_signed_in once per user on sign-in', () => {
    const { auth, emit } = fakeAuth(null);
    const analytics = recorder();
    const store = createAuthStore(auth as unknown as Auth, analytics);
    store.start();
    emit('SIGNED_IN', session('u3', 'ada@example.com'));
    emit('SIGNED_IN', session('u3', 'ada@example.com'));
    expect(analytics.calls).toEqual([
      // The id alone: the email never reaches analytics.
      'identify u3',
      'capture user_signed_in {"method":"supabase"}',
    ]);
  });

  it('resets analytics on sign-out and lets the app clear its caches', () => {
    const { auth, emit } = fakeAuth(null);
    const analytics = recorder();
    const onSignedOut = vi.fn();
    const store = createAuthStore(auth as unknown as Auth, analytics, { onSignedOut });
    store.start();
    emit('SIGNED_IN', session('u4'));
    emit('SIGNED_OUT', null);
    expect(analytics.calls.at(-1)).toBe('reset');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    // A new sign-in after sign-out is identified again.
    emit('SIGNED_IN', session('u4'));
    expect(
      analytics.calls.filter((call) => call.startsWith('capture user_signed_in')),
    ).toHaveLength(2);
  });

  it('signOut records user_signed_out, then calls the backend, then clears user and session', async () => {
    const stored = session('u5');
    const { auth, calls } = fakeAuth(stored);
    const store = createAuthStore(auth as unknown as Auth, recorder(calls));
    store.start();
    await flush();
    await store.signOut();
    expect(calls).toEqual(['getSession', 'capture user_signed_out', 'signOut']);
    expect(store.getSnapshot()).toEqual({ user: null, session: null, loading: false });
  });
});
