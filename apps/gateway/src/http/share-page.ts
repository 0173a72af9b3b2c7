import type { Branding } from '@lumen/db/repositories/report.repository';
import { escapeHtml as e } from '@lumen/domain/notifications/email-message';
import type { ReportContent } from '@lumen/domain/reports/report-content';
import { DEFAULT_ACCENT, textOnAccent } from '@lumen/domain/reports/report-rules';
import { reportView } from '@lumen/domain/reports/report-view';

// The page a share link shows (docs/reports.md, "Share links"): plain HTML drawn on the server
// from the report's snapshot, no script and no API behind it, in the workspace's white label.
// Light and dark follow the reader's system.

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--surface:#fff;--border:#e3e6eb;--text:#14171f;--muted:#535a66}
@media (prefers-color-scheme: dark){:root{--bg:#0b0d12;--surface:#12151c;--border:#232834;--text:#e6e8ee;--muted:#a3acba}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-variant-numeric:tabular-nums}
header{background:var(--accent);color:var(--on-accent);padding:12px 16px;display:flex;align-items:center;gap:12px;flex-wrap:wrap}
header img{max-height:36px;max-width:140px}
header strong{font-size:16px}
header a{margin-left:auto;color:var(--on-accent);font-weight:600}
main{max-width:880px;margin:0 auto;padding:16px}
h1{font-size:24px;margin:16px 0 4px}h2{font-size:16px;margin:0 0 8px}
.muted{color:var(--muted)}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;margin:16px 0}
.card{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:12px 16px;margin:12px 0}
.kpi .v{font-size:24px;font-weight:600}
.kpi .l,.kpi .d{font-size:12px;color:var(--muted)}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--border);vertical-align:top}
th{color:var(--muted);font-weight:500}
footer{text-align:center;font-size:12px;color:var(--muted);padding:16px}
`;

export function sharePageHtml(
  content: ReportContent,
  branding: Branding,
  opts: { nonce: string; pdfHref: string },
): string {
  const view = reportView(content);
  const accent = branding.accentColor ?? DEFAULT_ACCENT;
  const logo =
    branding.logoData && branding.logoMime
      ? `<img src="data:${e(branding.logoMime)};base64,${e(branding.logoData)}" alt="${e(branding.agencyName ?? 'Logo')}">`
      : '';
  const name = branding.agencyName ?? (branding.hideLumen ? '' : 'Lumen');
  const kpis = view.kpis
    .map(
      (k) =>
        `<div class="card kpi"><div class="l">${e(k.label)}</div><div class="v">${e(k.value)}</div><div class="d">${e(k.detail)}</div></div>`,
    )
    .join('');
  const sections = view.sections
    .map((s) => {
      const lines = s.lines.map((l) => `<p>${e(l)}</p>`).join('');
      const table = s.table
        ? `<div class="scroll"><table><thead><tr>${s.table.columns.map((c) => `<th scope="col">${e(c)}</th>`).join('')}</tr></thead><tbody>${s.table.rows
            .map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`)
            .join('')}</tbody></table></div>`
        : s.lines.length === 0
          ? `<p class="muted">${e(s.empty)}</p>`
          : '';
      return `<section class="card"><h2>${e(s.title)}</h2>${lines}${table}</section>`;
    })
    .join('');
  const footer = branding.hideLumen
    ? branding.agencyName
      ? `<footer>${e(branding.agencyName)}</footer>`
      : ''
    : `<footer>${branding.agencyName ? `${e(branding.agencyName)} · ` : ''}Made with Lumen</footer>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${e(view.title)}</title>
<style nonce="${opts.nonce}">${STYLE}:root{--accent:${accent};--on-accent:${textOnAccent(accent)}}</style></head>
<body><header>${logo}${name ? `<strong>${e(name)}</strong>` : ''}<a href="${e(opts.pdfHref)}" download>Download PDF</a></header>
<main><h1>${e(view.title)}</h1><p class="muted">${e(view.period)}</p>
<div class="kpis">${kpis}</div>${sections}</main>${footer}</body></html>
`;
}

function noticeHtml(nonce: string, title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${title}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><main><section class="card"><h1>${title}</h1>
<p class="muted">${text}</p></section></main></body></html>
`;
}

export function linkRefusedHtml(nonce: string): string {
  return noticeHtml(
    nonce,
    'This link does not work',
    'It may have been revoked or have expired. Ask whoever sent it for a new one.',
  );
}

export function tooManyViewsHtml(nonce: string, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? 'a second' : `${retryAfterSeconds} seconds`;
  return noticeHtml(
    nonce,
    'Too many requests',
    `This address has opened shared reports too often. Try again in ${wait}.`,
  );
}
