// How the Site page words a site audit (docs/site-audit.md).

export const isOpenAudit = (status: string) => status === 'QUEUED' || status === 'RUNNING';

export const KIND_LABEL = {
  TRAINING: 'Training',
  SEARCH: 'Search',
  USER: 'User fetch',
} as const;

export const KIND_ORDER = { SEARCH: 0, USER: 1, TRAINING: 2 } as const;

export const SEVERITY_LABEL = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' } as const;

export const SEVERITY_ORDER = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const;

export const JAVASCRIPT_LABEL = {
  OK: 'Text without JavaScript',
  NEEDS_JAVASCRIPT: 'Shows its text only with JavaScript',
  NOT_CHECKED: 'JavaScript render: not checked (no Chromium)',
} as const;

/** "/pricing" for a page of the audited origin, the whole URL otherwise. */
export function pathOf(url: string, origin: string | null | undefined): string {
  try {
    const u = new URL(url);
    if (!origin || u.origin === new URL(origin).origin) return `${u.pathname}${u.search}` || '/';
    return url;
  } catch {
    return url;
  }
}

/** Progress in percent (0 while the steps are not counted yet). */
export function auditPercent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((100 * done) / total)) : 0;
}

/** robots.txt's state in words. */
export function robotsText(state: string | null | undefined): string {
  switch (state) {
    case 'found':
      return 'Found';
    case 'unavailable':
      return 'Not found (4xx): every agent may read everything';
    case 'unreachable':
      return 'Unreachable (5xx): crawlers treat the whole site as closed';
    default:
      return 'Not read';
  }
}
