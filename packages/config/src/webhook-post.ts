import { SafeFetchError, safeFetch } from './safe-fetch';
import type { SecretBox } from './secrets';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';

// One delivery attempt of a webhook (docs/webhooks.md): the JSON body signed with every valid
// secret, posted through safeFetch (public hosts only unless ALLOW_PRIVATE_HOSTS), with a hard
// time limit. Never throws for the endpoint's sake: the outcome is what the delivery log stores.

export type WebhookAttempt = {
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  /** The response's first `excerptBytes` bytes, or why there was none. */
  response: string;
};

export async function postWebhook(options: {
  url: string;
  body: string;
  secrets: readonly string[];
  timeoutMs: number;
  allowPrivateHosts: boolean;
  excerptBytes: number;
  now?: () => number;
}): Promise<WebhookAttempt> {
  const now = options.now ?? Date.now;
  const started = now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Lumen-Webhooks/1',
  };
  // A Slack incoming webhook is its own secret: nothing to sign with.
  if (options.secrets.length > 0) {
    headers[SIGNATURE_HEADER] = signatureHeader(
      options.secrets,
      Math.floor(started / 1000),
      options.body,
    );
  }
  try {
    const res = await safeFetch(options.url, {
      method: 'POST',
      headers,
      body: options.body,
      timeoutMs: options.timeoutMs,
      allowPrivateHosts: options.allowPrivateHosts,
      maxRedirects: 0,
      maxBytes: 256 * 1024,
    });
    return {
      statusCode: res.status,
      ok: res.ok,
      durationMs: now() - started,
      response: res.body.subarray(0, options.excerptBytes).toString('utf8'),
    };
  } catch (error) {
    const reason =
      error instanceof SafeFetchError
        ? `${error.code}: ${error.message}`
        : `NETWORK: ${error instanceof Error ? error.message : 'request failed'}`;
    return { statusCode: null, ok: false, durationMs: now() - started, response: reason };
  }
}

/** Associated data of a webhook's sealed secrets: they open only in their own row. */
export const webhookSecretAad = (webhookId: string) => `webhook:${webhookId}`;
/** Associated data of a Slack channel's sealed incoming-webhook URL. */
export const slackUrlAad = (channelId: string) => `slack:${channelId}`;

/** The secrets that sign now: the current one, and the previous one during its 24 h. */
export function signingSecrets(
  box: SecretBox,
  row: {
    id: string;
    sealedSecret: string | null;
    sealedPreviousSecret: string | null;
    previousSecretUntil: Date | null;
  },
  now: Date,
): string[] {
  const aad = webhookSecretAad(row.id);
  if (!row.sealedSecret) return [];
  const secrets = [box.open(row.sealedSecret, aad)];
  if (row.sealedPreviousSecret && row.previousSecretUntil && row.previousSecretUntil > now) {
    secrets.push(box.open(row.sealedPreviousSecret, aad));
  }
  return secrets;
}
