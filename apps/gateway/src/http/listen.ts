import { ConfigError } from '@lumen/config/env';

// Where the gateway listens (see docs/security.md, "Exposing Lumen"): loopback unless the
// operator says otherwise with HOST, or PUBLIC_URL names a host other than this machine.

type ListenEnv = {
  HOST?: string | undefined;
  PUBLIC_URL?: string | undefined;
  NODE_ENV: 'development' | 'production' | 'test';
};

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || hostname.endsWith('.localhost') || /^127\./.test(hostname);
}

export function listenHost(env: { HOST?: string | undefined; PUBLIC_URL?: string | undefined }) {
  if (env.HOST) return env.HOST;
  if (env.PUBLIC_URL && !isLoopbackHost(new URL(env.PUBLIC_URL).hostname)) return '0.0.0.0';
  return '127.0.0.1';
}

/**
 * GraphiQL, introspection, field suggestions, auto-confirmed sign-ups and recovery links on the
 * console are for the person at this machine: on only outside production and while the gateway
 * listens on loopback. Listening anywhere else turns all of them off (docs/security.md,
 * "Development mode").
 */
export function developmentConveniences(env: ListenEnv): boolean {
  return env.NODE_ENV !== 'production' && isLoopbackHost(listenHost(env));
}

/** What the gateway says at start when it listens beyond loopback outside production. */
export function conveniencesOffNotice(env: ListenEnv): string | null {
  if (env.NODE_ENV === 'production' || developmentConveniences(env)) return null;
  return (
    `listening on ${listenHost(env)}, not loopback: development conveniences are off ` +
    '(GraphiQL, introspection, auto-confirmed sign-ups, links printed to the console, the ' +
    'Google/Facebook stand-ins)'
  );
}

/** AUTH_STAND_INS=1 is refused where anyone but the person at this machine could reach them. */
export function assertStandInsAllowed(env: ListenEnv & { AUTH_STAND_INS: boolean }): void {
  if (!env.AUTH_STAND_INS) return;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'AUTH_STAND_INS=1 is refused with NODE_ENV=production: the Google/Facebook stand-ins let ' +
        'anyone sign in as any email. Unset AUTH_STAND_INS.',
    );
  }
  if (!developmentConveniences(env)) {
    throw new ConfigError(
      `AUTH_STAND_INS=1 is refused while the gateway listens on ${listenHost(env)}: the ` +
        'Google/Facebook stand-ins let anyone who reaches them sign in as any email, so they ' +
        'run only on loopback (HOST unset or 127.0.0.1, PUBLIC_URL unset or on localhost). ' +
        'Unset AUTH_STAND_INS, or listen on loopback.',
    );
  }
}

/** The origins a browser on this machine may use for the gateway's port. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}
