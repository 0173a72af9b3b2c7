import { canTransition } from '@lumen/domain/status/opportunity-status';
import type {
  ContentKind,
  OpportunityStatus,
  OpportunityType,
} from '@lumen/schema/generated/graphql';

export const STATUS_ORDER: readonly OpportunityStatus[] = [
  'NEW',
  'PLANNED',
  'IN_PROGRESS',
  'PUBLISHED',
  'RESOLVED',
  'DISMISSED',
];

export const OPEN_STATUSES: readonly OpportunityStatus[] = ['NEW', 'PLANNED', 'IN_PROGRESS'];

export const STATUS_LABEL: Record<OpportunityStatus, string> = {
  NEW: 'New',
  PLANNED: 'Planned',
  IN_PROGRESS: 'In progress',
  PUBLISHED: 'Published',
  RESOLVED: 'Resolved',
  DISMISSED: 'Dismissed',
};

export const TYPE_LABEL: Record<OpportunityType, string> = {
  MISSING_MENTION: 'Missing mention',
  LOW_RANK: 'Low rank',
  CITATION_GAP: 'Citation gap',
  NEGATIVE_SENTIMENT: 'Negative sentiment',
  TECHNICAL: 'Technical (site audit)',
  SOURCE_OUTREACH: 'Source outreach',
};

export const TYPE_ORDER: readonly OpportunityType[] = [
  'MISSING_MENTION',
  'LOW_RANK',
  'CITATION_GAP',
  'NEGATIVE_SENTIMENT',
  'TECHNICAL',
  'SOURCE_OUTREACH',
];

export const KIND_LABEL: Record<ContentKind, string> = {
  LISTICLE: 'Listicle',
  COMPARISON: 'Comparison',
  FAQ: 'FAQ',
  HOW_TO: 'How-to',
  GLOSSARY: 'Glossary',
};

/** Why each kind fits, shown beside the recommendation. */
export const KIND_WHY: Record<ContentKind, string> = {
  LISTICLE:
    'Engines answer “best …” prompts by ranking options; a list they can quote gets you in.',
  COMPARISON:
    'The prompt weighs options against each other; a fair side-by-side is what engines cite.',
  FAQ: 'Direct answers to the objections engines repeat change what they say about you.',
  HOW_TO:
    'The prompt asks how; a step-by-step guide that uses your product is what engines recommend.',
  GLOSSARY: 'A clear definition makes your domain the source engines cite.',
};

/** The statuses a card can move to from its column, in board order. */
export function allowedTargets(from: OpportunityStatus): OpportunityStatus[] {
  return STATUS_ORDER.filter((to) => to !== from && canTransition(from, to));
}

/**
 * The column a keyboard move lands in: the nearest column in that direction the state machine
 * allows (DISMISSED asks for a reason, so the board leaves it to the dismiss button). Null when
 * there is none.
 */
export function keyboardTarget(
  from: OpportunityStatus,
  direction: -1 | 1,
): OpportunityStatus | null {
  const start = STATUS_ORDER.indexOf(from);
  for (let i = start + direction; i >= 0 && i < STATUS_ORDER.length; i += direction) {
    const to = STATUS_ORDER[i];
    if (to && to !== 'DISMISSED' && canTransition(from, to)) return to;
  }
  return null;
}

export type ListFilter = {
  brandId: string | null;
  status: OpportunityStatus[];
  type: OpportunityType[];
  engine: string | null;
  keywordId: string | null;
  search: string;
};

const isStatus = (s: string): s is OpportunityStatus =>
  (STATUS_ORDER as readonly string[]).includes(s);
const isType = (s: string): s is OpportunityType => (TYPE_ORDER as readonly string[]).includes(s);

/** The list's filter lives in the URL, so a filtered list can be shared and reloaded. */
export function filterFromParams(params: URLSearchParams): ListFilter {
  const status = params.get('status');
  return {
    brandId: params.get('brand'),
    // No status in the URL = the open ones; `status=all` = every status.
    status:
      status === null
        ? [...OPEN_STATUSES]
        : status === 'all'
          ? []
          : status.split(',').filter(isStatus),
    type: (params.get('type') ?? '').split(',').filter(isType),
    engine: params.get('engine'),
    keywordId: params.get('keyword'),
    search: params.get('q') ?? '',
  };
}

export function paramsFromFilter(filter: ListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.brandId) params.set('brand', filter.brandId);
  const open =
    filter.status.length === OPEN_STATUSES.length &&
    OPEN_STATUSES.every((s) => filter.status.includes(s));
  if (!open) params.set('status', filter.status.length === 0 ? 'all' : filter.status.join(','));
  if (filter.type.length > 0) params.set('type', filter.type.join(','));
  if (filter.engine) params.set('engine', filter.engine);
  if (filter.keywordId) params.set('keyword', filter.keywordId);
  if (filter.search.trim()) params.set('q', filter.search.trim());
  return params;
}

/** The API's filter from the page's. */
export function apiFilter(filter: ListFilter) {
  return {
    ...(filter.brandId ? { brandId: filter.brandId } : {}),
    ...(filter.status.length > 0 ? { status: filter.status } : {}),
    ...(filter.type.length > 0 ? { type: filter.type } : {}),
    ...(filter.engine ? { engine: filter.engine } : {}),
    ...(filter.keywordId ? { keywordId: filter.keywordId } : {}),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
  };
}

/** Open opportunities from per-status counts: the sidebar badge's number. */
export function openCount(counts: readonly { status: OpportunityStatus; count: number }[]): number {
  return counts.filter((c) => OPEN_STATUSES.includes(c.status)).reduce((n, c) => n + c.count, 0);
}
