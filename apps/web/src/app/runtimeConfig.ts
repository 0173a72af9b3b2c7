const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export type RuntimeConfig = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  posthogKey: string | null;
  posthogHost: string | null;
  sentryDsn: string | null;
  /** The provider buttons the sign-in pages show (none when the server offers none). */
  oauthProviders: OAuthProvider[];
};

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null) throw new Error('config.json is not an object');
  const record = raw as Record<string, unknown>;
  const supabaseUrl = optionalString(record.supabaseUrl);
  const supabaseAnonKey = optionalString(record.supabaseAnonKey);
  if (!supabaseUrl || !supabaseAnonKey) {
    throw new Error('config.json lacks supabaseUrl or supabaseAnonKey');
  }
  return {
    supabaseUrl,
    supabaseAnonKey,
    posthogKey: optionalString(record.posthogKey),
    posthogHost: optionalString(record.posthogHost),
    sentryDsn: optionalString(record.sentryDsn),
    oauthProviders: parseProviders(record.oauthProviders),
  };
}

// A gateway from before the list offered both buttons.
function parseProviders(value: unknown): OAuthProvider[] {
  if (!Array.isArray(value)) return [...OAUTH_PROVIDERS];
  return OAUTH_PROVIDERS.filter((p) => value.includes(p));
}

// One build serves every deployment: settings come from the gateway at boot, not from the bundle.
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
