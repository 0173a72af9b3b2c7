import type { PostHog } from 'posthog-js';
import { posthogOptions } from './posthogOptions';
import type { RuntimeConfig } from './runtimeConfig';

type Properties = Record<string, string | number | boolean | null>;

// posthog-js is loaded only when a key is configured, so the default bundle stays small.
let client: Promise<PostHog> | null = null;
let warned = false;

export function initAnalytics(config: Pick<RuntimeConfig, 'posthogKey' | 'posthogHost'>): void {
  if (client) return;
  if (!config.posthogKey) {
    if (!warned) {
      warned = true;
      console.warn('Lumen: no PostHog key configured, product analytics is not tracked.');
    }
    return;
  }
  const key = config.posthogKey;
  const host = config.posthogHost ?? 'https://us.i.posthog.com';
  client = import('posthog-js').then(({ default: posthog }) => {
    posthog.init(key, posthogOptions(host));
    return posthog;
  });
}

/** Analytics know a person by their id alone: never their email or other personal data. */
export function identify(distinctId: string): void {
  void client?.then((posthog) => posthog.identify(distinctId));
}

export function capture(event: string, properties?: Properties): void {
  void client?.then((posthog) => posthog.capture(event, properties));
}

export function resetAnalytics(): void {
  void client?.then((posthog) => posthog.reset());
}
