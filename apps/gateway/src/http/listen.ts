// Where the gateway listens (see docs/security.md, "Exposing Lumen"): loopback unless the
// operator says otherwise with HOST, or PUBLIC_URL names a host other than this machine.

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || hostname.endsWith('.localhost') || /^127\./.test(hostname);
}

export function listenHost(env: { HOST?: string | undefined; PUBLIC_URL?: string | undefined }) {
  if (env.HOST) return env.HOST;
  if (env.PUBLIC_URL && !isLoopbackHost(new URL(env.PUBLIC_URL).hostname)) return '0.0.0.0';
  return '127.0.0.1';
}

/** The origins a browser on this machine may use for the gateway's port. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}
