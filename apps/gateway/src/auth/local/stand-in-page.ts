import type { StandInProvider } from './deps';

const NAMES: Record<StandInProvider, string> = { google: 'Google', facebook: 'Facebook' };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The page GET /authorize leads to in local mode. Google and Facebook cannot be reached offline,
 * so this page says plainly that it is a stand-in and lets the person choose the email the
 * provider would have vouched for.
 */
export function renderStandInPage(input: {
  provider: StandInProvider;
  state: string;
  action: string;
  cancelUrl: string;
  nonce: string;
  error?: string;
}): string {
  const name = NAMES[input.provider];
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${name} sign-in (offline stand-in) · Lumen local auth</title>
<style nonce="${input.nonce}">
  :root { color-scheme: dark light; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0d12; color: #e6e8ee; }
  main { width: min(420px, 92vw); background: #141821; border: 1px solid #262b36; border-radius: 12px; padding: 28px; }
  .badge { display: inline-block; font-size: 12px; letter-spacing: .04em; text-transform: uppercase; padding: 4px 8px; border-radius: 6px; background: #3a2f10; color: #f5c451; border: 1px solid #6b5417; }
  h1 { font-size: 20px; margin: 16px 0 8px; }
  p { font-size: 14px; line-height: 1.5; color: #a9afbd; }
  label { display: block; font-size: 14px; margin: 16px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 10px 12px; border-radius: 6px; border: 1px solid #333a48; background: #0f1218; color: inherit; font-size: 16px; }
  input:focus { outline: 2px solid #7c9cff; outline-offset: 1px; }
  button { margin-top: 16px; width: 100%; padding: 10px 12px; border: 0; border-radius: 6px; background: #7c9cff; color: #0b0d12; font-weight: 600; font-size: 14px; cursor: pointer; }
  a { color: #7c9cff; font-size: 14px; }
  .error { color: #ff8a8a; }
</style>
</head>
<body>
<main>
  <span class="badge">Offline stand-in — not the real ${name}</span>
  <h1>Continue with ${name} (local stand-in)</h1>
  <p>Lumen is running in local auth mode without internet access, so ${name} cannot be reached.
  This page stands in for ${name}'s sign-in: enter the email address ${name} would confirm for you.
  No password is checked here.</p>
  ${error}
  <form method="post" action="${escapeHtml(input.action)}">
    <input type="hidden" name="state" value="${escapeHtml(input.state)}">
    <label for="email">Email address</label>
    <input id="email" name="email" type="email" autocomplete="email" required autofocus>
    <button type="submit">Continue as this ${name} user</button>
  </form>
  <p><a href="${escapeHtml(input.cancelUrl)}">Cancel and go back</a></p>
</main>
</body>
</html>`;
}
