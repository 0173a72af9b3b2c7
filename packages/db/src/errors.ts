// postgres.js raises PostgresError for server-side errors (with a SQLSTATE `code`), errors with
// these codes when its connection fails, and Node's own socket errors when it cannot connect.
const POSTGRES_JS_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * Did this error come from Postgres or from the connection to it? A socket error counts when it
 * names the database's port (`databaseUrl`), so an engine's or Redis's network error does not.
 */
export function isDatabaseError(error: unknown, databaseUrl?: string): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'PostgresError') return true;
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (typeof code !== 'string') return false;
  if (POSTGRES_JS_CODES.has(code)) return true;
  if (!SOCKET_CODES.has(code) || !databaseUrl) return false;
  const dbPort = Number(new URL(databaseUrl).port || 5432);
  return Number(port) === dbPort;
}
