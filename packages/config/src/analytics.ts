import { createHash } from 'node:crypto';

type PostHogClient = import('posthog-node').PostHog;

/**
 * The server-side product events (docs/observability.md). Properties are counts, flags and ids
 * Lumen made up (workspace ids); never an email, a name, a domain, an address or guest input.
 */
export type AnalyticsEvent =
  | 'brand_created'
  | 'brand_deleted'
  | 'brand_claimed'
  | 'quick_score_requested'
  | 'quick_score_completed'
  | 'run_completed'
  | 'wordpress_site_connected';

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export type Analytics = {
  readonly enabled: boolean;
  /** Queues one event; never throws, never waits. A no-op without POSTHOG_KEY. */
  capture(distinctId: string, event: AnalyticsEvent, properties?: AnalyticsProperties): void;
  /** Sends what is queued (bounded), then stops. */
  shutdown(): Promise<void>;
};

const disabled: Analytics = {
  enabled: false,
  capture: () => {},
  shutdown: async () => {},
};

/** How long shutdown may spend sending the last events. */
const SHUTDOWN_MS = 3_000;

/**
 * PostHog for the gateway and the worker: posthog-node is loaded only when `key` is set. Guests
 * are sent with `$process_person_profile: false` (anonymous events: no person profile is made
 * for them), and GeoIP is off for every event: the server's address says nothing of the user.
 */
export async function createAnalytics(options: {
  key?: string | undefined;
  host?: string | undefined;
}): Promise<Analytics> {
  if (!options.key) return disabled;
  const { PostHog } = await import('posthog-node');
  const client: PostHogClient = new PostHog(options.key, {
    host: options.host,
    flushAt: 20,
    flushInterval: 5_000,
    disableGeoip: true,
  });
  return {
    enabled: true,
    capture(distinctId, event, properties = {}) {
      const guest = isGuestDistinctId(distinctId);
      client.capture({
        distinctId,
        event,
        properties: guest ? { ...properties, $process_person_profile: false } : properties,
      });
    },
    shutdown: () => client.shutdown(SHUTDOWN_MS),
  };
}

const GUEST_PREFIX = 'guest_';

/**
 * A guest's analytics id, from the keyed hash of their address that the quick-score row keeps
 * (`ip_hash`): hashed once more under its own label, so it is stable for one guest, and neither
 * the address nor the stored hash can be read back from it.
 */
export function guestDistinctId(addressHash: string): string {
  const digest = createHash('sha256').update(`lumen-analytics:${addressHash}`).digest('hex');
  return `${GUEST_PREFIX}${digest.slice(0, 32)}`;
}

function isGuestDistinctId(distinctId: string): boolean {
  return distinctId.startsWith(GUEST_PREFIX);
}
