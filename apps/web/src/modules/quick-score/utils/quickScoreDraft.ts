import type { QuickScoreInput } from '@lumen/domain/quick-score/quick-score-input';

/**
 * The server's limits the form shows before its validation chunk has loaded. They mirror
 * QUICK_SCORE_LIMITS (a unit test keeps them equal): importing that module here would put zod
 * in the form's first paint.
 */
export const FORM_LIMITS = { maxCompetitors: 3, prompts: 10, retentionDays: 30 } as const;

export type CompetitorDraft = { key: string; name: string; website: string };

export type QuickScoreDraft = {
  brandName: string;
  website: string;
  industry: string;
  country: string;
  competitors: CompetitorDraft[];
};

/** Field path ("brandName", "competitors.1.website") → message, as the server reports them. */
export type FieldErrors = Record<string, string>;

export const EMPTY_DRAFT: QuickScoreDraft = {
  brandName: '',
  website: '',
  industry: '',
  country: '',
  competitors: [],
};

export const canAddCompetitor = (draft: QuickScoreDraft) =>
  draft.competitors.length < FORM_LIMITS.maxCompetitors;

/**
 * What the form sends. Rows the guest added but left blank are dropped (they are not a mistake
 * worth an error), and strings are sent as typed: the server trims and normalises them itself.
 */
export function draftToInput(draft: QuickScoreDraft): QuickScoreInput {
  const competitors = draft.competitors
    .filter((row) => row.name.trim() !== '' || row.website.trim() !== '')
    .map((row) => ({
      name: row.name,
      ...(row.website.trim() === '' ? {} : { website: row.website }),
    }));
  return {
    brandName: draft.brandName,
    website: draft.website,
    industry: draft.industry,
    ...(draft.country.trim() === '' ? {} : { country: draft.country }),
    ...(competitors.length > 0 ? { competitors } : {}),
  };
}

/** Maps "competitors.<sent index>.x" to "competitors.<draft row index>.x". */
export function toDraftPaths(errors: FieldErrors, draft: QuickScoreDraft): FieldErrors {
  const sentRows = draft.competitors
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.name.trim() !== '' || row.website.trim() !== '');
  const mapped: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^competitors\.(\d+)(\..+)?$/.exec(key);
    const sent = match ? sentRows[Number(match[1])] : undefined;
    const target = match && sent ? `competitors.${sent.index}${match[2] ?? ''}` : key;
    mapped[target] ??= message;
  }
  return mapped;
}

/** The fields the form shows inline; any other server path goes to the form-level alert. */
export function isFormField(key: string): boolean {
  return (
    ['brandName', 'website', 'industry', 'country', 'competitors'].includes(key) ||
    /^competitors\.\d+\.(name|website)$/.test(key)
  );
}

/**
 * A draft prefilled from ?brandName=&website=&industry=&country=&competitor=… (the links from a
 * past check, whose competitors are known by name only).
 */
export function draftFromParams(params: URLSearchParams): QuickScoreDraft {
  const read = (key: string) => (params.get(key) ?? '').slice(0, 200);
  const competitors = params
    .getAll('competitor')
    .map((name) => name.slice(0, 200))
    .filter((name) => name.trim() !== '')
    .slice(0, FORM_LIMITS.maxCompetitors)
    .map((name, index) => ({ key: `param-${index}`, name, website: '' }));
  return {
    brandName: read('brandName'),
    website: read('website'),
    industry: read('industry'),
    country: read('country'),
    competitors,
  };
}
