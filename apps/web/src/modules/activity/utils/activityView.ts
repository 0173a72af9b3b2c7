// The log viewer's pure parts (docs/activity.md): which filter the page sends, whether a live
// entry belongs in the filtered list, where a row links and the CSV's address.

export type ActivityLevel = 'INFO' | 'WARNING' | 'ERROR';

export type LogFilter = {
  kind: string;
  level: ActivityLevel | '';
  actorId: string;
  brandId: string;
  /** Days as typed in the date inputs, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
};

export const EMPTY_FILTER: LogFilter = {
  kind: '',
  level: '',
  actorId: '',
  brandId: '',
  from: '',
  to: '',
};

/** The kinds a person can pick, grouped as the filter shows them. */
export const KIND_GROUPS: { label: string; kinds: { value: string; label: string }[] }[] = [
  {
    label: 'Team',
    kinds: [
      { value: 'workspace.created', label: 'Workspace created' },
      { value: 'workspace.renamed', label: 'Workspace renamed' },
      { value: 'workspace.brand_defaults_changed', label: 'Defaults for new brands changed' },
      { value: 'workspace.budget_changed', label: 'Monthly budget changed' },
      { value: 'invitation.created', label: 'Invitation sent' },
      { value: 'invitation.resent', label: 'Invitation resent' },
      { value: 'invitation.revoked', label: 'Invitation revoked' },
      { value: 'member.joined', label: 'Member joined' },
      { value: 'member.role_changed', label: 'Role changed' },
      { value: 'member.removed', label: 'Member removed' },
      { value: 'member.left', label: 'Member left' },
    ],
  },
  {
    label: 'Brands',
    kinds: [
      { value: 'brand.created', label: 'Brand created' },
      { value: 'brand.updated', label: 'Brand edited' },
      { value: 'brand.paused', label: 'Brand paused' },
      { value: 'brand.resumed', label: 'Brand resumed' },
      { value: 'brand.deleted', label: 'Brand deleted' },
      { value: 'brand.claimed', label: 'Brand tracked from a quick check' },
    ],
  },
  {
    label: 'Keywords and prompts',
    kinds: [
      { value: 'competitor.added', label: 'Competitor added' },
      { value: 'competitor.updated', label: 'Competitor edited' },
      { value: 'competitor.removed', label: 'Competitor removed' },
      { value: 'keyword.added', label: 'Keyword added' },
      { value: 'keyword.removed', label: 'Keyword removed' },
      { value: 'prompt.added', label: 'Prompts added' },
      { value: 'prompt.updated', label: 'Prompt relabelled' },
      { value: 'prompt.activated', label: 'Prompt activated' },
      { value: 'prompt.deactivated', label: 'Prompt deactivated' },
    ],
  },
  {
    label: 'Runs and opportunities',
    kinds: [
      { value: 'run.started', label: 'Run started' },
      { value: 'run.cancelled', label: 'Run cancelled' },
      { value: 'run.gaps_requested', label: 'Gap analysis asked for' },
      { value: 'opportunity.status_changed', label: 'Opportunity moved' },
      { value: 'source.kind_set', label: 'Source kind corrected' },
    ],
  },
  {
    label: 'Reports',
    kinds: [
      { value: 'report.created', label: 'Report made' },
      { value: 'report.shared', label: 'Report shared' },
      { value: 'report.share_revoked', label: 'Share link revoked' },
      { value: 'report.viewed', label: 'Shared report opened' },
      { value: 'report.scheduled', label: 'Report schedule changed' },
      { value: 'workspace.branding_changed', label: 'Report branding changed' },
    ],
  },
  {
    label: 'Content and publishing',
    kinds: [
      { value: 'order.created', label: 'Content ordered' },
      { value: 'order.cancelled', label: 'Order cancelled' },
      { value: 'order.retried', label: 'Order retried' },
      { value: 'order.site_set', label: 'Site chosen' },
      { value: 'draft.edited', label: 'Draft edited' },
      { value: 'draft.restored', label: 'Draft version restored' },
      { value: 'draft.submitted', label: 'Draft submitted' },
      { value: 'draft.approved', label: 'Draft approved' },
      { value: 'draft.returned', label: 'Draft returned' },
      { value: 'draft.published', label: 'Published' },
      { value: 'draft.republished', label: 'Post updated' },
      { value: 'draft.scheduled', label: 'Scheduled' },
      { value: 'draft.unscheduled', label: 'Unscheduled' },
      { value: 'published_item.reingest_requested', label: 'Page read again' },
    ],
  },
  {
    label: 'Sites, templates and keys',
    kinds: [
      { value: 'wordpress_site.connected', label: 'Site connected' },
      { value: 'wordpress_site.updated', label: 'Site changed' },
      { value: 'wordpress_site.tested', label: 'Site tested' },
      { value: 'wordpress_site.removed', label: 'Site removed' },
      { value: 'template.created', label: 'Template created' },
      { value: 'template.updated', label: 'Template edited' },
      { value: 'template.deleted', label: 'Template deleted' },
      { value: 'engine_connection.connected', label: 'Engine connected' },
      { value: 'engine_connection.updated', label: 'Engine connection changed' },
      { value: 'engine_connection.tested', label: 'Engine connection tested' },
      { value: 'engine_connection.removed', label: 'Engine connection removed' },
      { value: 'api_key.created', label: 'API key created' },
      { value: 'api_key.revoked', label: 'API key revoked' },
      { value: 'webhook.created', label: 'Webhook added' },
      { value: 'webhook.updated', label: 'Webhook changed' },
      { value: 'webhook.secret_rotated', label: 'Webhook secret rotated' },
      { value: 'webhook.deleted', label: 'Webhook removed' },
      { value: 'slack_channel.created', label: 'Slack channel added' },
      { value: 'slack_channel.updated', label: 'Slack channel changed' },
      { value: 'slack_channel.deleted', label: 'Slack channel removed' },
      { value: 'notifications.settings_changed', label: 'Notification settings changed' },
    ],
  },
  {
    label: 'Jobs',
    kinds: [
      { value: 'run.failed', label: 'Run failed' },
      { value: 'run.partial', label: 'Run partly failed' },
      { value: 'publish.failed', label: 'Publishing failed' },
      { value: 'ingestion.failed', label: 'Reading a page failed' },
      { value: 'budget.warning', label: 'Budget 80 % spent' },
      { value: 'budget.reached', label: 'Budget reached' },
    ],
  },
];

/** A local day's start as an instant; `to` is exclusive, so the next day's start. */
function dayStart(day: string, plusDays = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type FilterVariables = {
  kinds?: string[];
  levels?: ActivityLevel[];
  actorId?: string;
  brandId?: string;
  from?: string;
  to?: string;
};

/** What the page sends as `ActivityFilter`; empty choices are left out. */
export function filterVariables(f: LogFilter): FilterVariables {
  const from = f.from ? dayStart(f.from) : null;
  const to = f.to ? dayStart(f.to, 1) : null;
  return {
    ...(f.kind ? { kinds: [f.kind] } : {}),
    ...(f.level ? { levels: [f.level] } : {}),
    ...(f.actorId ? { actorId: f.actorId } : {}),
    ...(f.brandId ? { brandId: f.brandId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export type EntryLike = {
  kind: string;
  level: ActivityLevel;
  brandId?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  createdAt: string;
  actor: { id?: string | null };
};

/** Whether an entry pushed by the live tail belongs in the list the filter shows. */
export function matchesFilter(entry: EntryLike, f: LogFilter): boolean {
  const vars = filterVariables(f);
  if (vars.kinds && !vars.kinds.includes(entry.kind)) return false;
  if (vars.levels && !vars.levels.includes(entry.level)) return false;
  if (vars.actorId && entry.actor.id !== vars.actorId) return false;
  if (vars.brandId && entry.brandId !== vars.brandId) return false;
  const at = new Date(entry.createdAt).getTime();
  if (vars.from && at < new Date(vars.from).getTime()) return false;
  if (vars.to && at >= new Date(vars.to).getTime()) return false;
  return true;
}

/** The page of the entry's subject; null when it has none (a deleted brand, a member who left). */
export function subjectLink(entry: EntryLike): string | null {
  const id = entry.subjectId;
  const brand = entry.brandId;
  if (entry.kind === 'brand.deleted') return null;
  switch (entry.subjectType) {
    case 'workspace':
      return '/settings/workspace';
    case 'member':
    case 'invitation':
      return '/settings/members';
    case 'brand':
      return id ? `/campaigns/${id}` : null;
    case 'keyword':
      return brand && id ? `/campaigns/${brand}/keywords/${id}` : null;
    case 'prompt':
    case 'competitor':
      return brand ? `/campaigns/${brand}` : null;
    case 'run':
      return brand && id ? `/campaigns/${brand}/runs/${id}` : null;
    case 'opportunity':
      return id ? `/opportunities/${id}` : null;
    case 'order':
      return '/publishing/orders';
    case 'draft':
      return id ? `/publishing/drafts/${id}` : null;
    case 'published_item':
      return id ? `/publishing/published/${id}` : null;
    case 'wordpress_site':
      return '/publishing/sites';
    case 'template':
      return '/publishing/templates';
    case 'engine_connection':
      return '/integrations';
    case 'api_key':
      return '/settings/api';
    case 'report':
      return id ? `/reports/${id}` : null;
    default:
      return null;
  }
}

/** The CSV export of the same filter (GET /export/activity.csv). */
export function csvUrl(f: LogFilter): string {
  const vars = filterVariables(f);
  const q = new URLSearchParams();
  if (vars.kinds) q.set('kinds', vars.kinds.join(','));
  if (vars.levels) q.set('levels', vars.levels.join(','));
  if (vars.actorId) q.set('actorId', vars.actorId);
  if (vars.brandId) q.set('brandId', vars.brandId);
  if (vars.from) q.set('from', vars.from);
  if (vars.to) q.set('to', vars.to);
  const query = q.toString();
  return `/export/activity.csv${query ? `?${query}` : ''}`;
}

/** Live entries first (newest first), then the fetched pages, each id once. */
export function mergeEntries<T extends { id: string }>(live: readonly T[], pages: readonly T[]) {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const e of [...live, ...pages]) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    out.push(e);
  }
  return out;
}
