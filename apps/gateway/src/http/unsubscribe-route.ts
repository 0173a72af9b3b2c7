import { randomBytes } from 'node:crypto';
import { escapeHtml } from '@lumen/domain/notifications/email-message';
import { DIGEST_KIND } from '@lumen/domain/notifications/preferences';
import type { Context, Hono } from 'hono';
import type { GatewayDeps } from '../context';
import {
  type UnsubscribeOutcome,
  unsubscribeWithToken,
} from '../services/notification-preferences.service';

// The unsubscribe link of every notification mail (docs/notifications.md, "Email"):
// GET /unsubscribe?token=… records the choice and shows a small page saying so; POST is the
// one-click unsubscribe that mail clients send for `List-Unsubscribe-Post` (RFC 8058).

function describe(kind: string): string {
  return kind === DIGEST_KIND ? 'the digest' : `“${kind}” emails`;
}

function page(c: Context, outcome: UnsubscribeOutcome, settingsUrl: string) {
  const nonce = randomBytes(16).toString('base64');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  );
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const e = escapeHtml;
  const [title, body] = outcome.ok
    ? [
        'You are unsubscribed',
        `You will no longer get ${e(describe(outcome.kind))} from ${e(outcome.workspaceName)}. Change this any time in <a href="${e(settingsUrl)}">Settings → Notifications</a>.`,
      ]
    : outcome.reason === 'NOT_A_MEMBER'
      ? [
          'Nothing to unsubscribe from',
          'You are no longer a member of that workspace, so Lumen sends you nothing from it.',
        ]
      : [
          'This link does not work',
          `It may have been cut short by your mail program. Choose what you get by email in <a href="${e(settingsUrl)}">Settings → Notifications</a>.`,
        ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Lumen</title>
<style nonce="${nonce}">
:root{color-scheme:dark light;--bg:#0b0d12;--surface:#12151c;--border:#232834;--text:#e6e8ee;--muted:#9aa3b2;--accent:#8b93ff}
@media (prefers-color-scheme: light){:root{--bg:#f6f7f9;--surface:#fff;--border:#e3e6eb;--text:#14171f;--muted:#5b6270;--accent:#4338ca}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
main{max-width:420px;margin:16px;padding:24px;background:var(--surface);border:1px solid var(--border);border-radius:12px}
h1{font-size:20px;margin:0 0 8px}p{margin:0;color:var(--muted)}a{color:var(--accent)}
</style></head>
<body><main><h1>${title}</h1><p>${body}</p></main></body></html>
`;
  return c.html(html, outcome.ok || outcome.reason === 'NOT_A_MEMBER' ? 200 : 400);
}

export function mountUnsubscribe(app: Hono, deps: GatewayDeps) {
  const settingsUrl = () => `${deps.publicUrl().replace(/\/+$/, '')}/settings/notifications`;
  app.get('/unsubscribe', async (c) =>
    page(c, await unsubscribeWithToken(deps, c.req.query('token') ?? ''), settingsUrl()),
  );
  app.post('/unsubscribe', async (c) => {
    const outcome = await unsubscribeWithToken(deps, c.req.query('token') ?? '');
    c.header('Cache-Control', 'no-store');
    if (outcome.ok || outcome.reason === 'NOT_A_MEMBER') return c.text('Unsubscribed.\n', 200);
    return c.text('This unsubscribe link is not valid.\n', 400);
  });
}
