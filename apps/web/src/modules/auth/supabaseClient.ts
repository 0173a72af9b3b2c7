import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from '../../app/runtimeConfig';

const AUTH_STORAGE_KEY = 'lumen-auth-token';

let client: SupabaseClient | null = null;

export function getSupabase(
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>,
): SupabaseClient {
  client ??= createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      storageKey: AUTH_STORAGE_KEY,
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: true,
      // /auth/callback exchanges the code itself so it can show errors and choose where to go.
      detectSessionInUrl: false,
    },
  });
  return client;
}
