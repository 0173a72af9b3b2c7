import { type BrandInput, BrandInputSchema, type Cadence } from '@lumen/domain/brands/brand-input';
import { DEFAULT_SAMPLES } from '@lumen/domain/brands/samples';
import type { TrackedEntity } from '@lumen/domain/entities/types';
import { fieldErrorsFromIssues } from '../../../ui/graphqlErrors';

export type CompetitorDraft = {
  key: string;
  name: string;
  domains: string;
  aliases: string;
  /** The name is an everyday word: counted only in brand context (docs/analysis.md). */
  commonWord: boolean;
};

/** The form's state: lists are typed as text (one per line or comma) and split on submit. */
export type BrandDraft = {
  name: string;
  domains: string;
  aliases: string;
  commonWord: boolean;
  description: string;
  industry: string;
  country: string;
  language: string;
  competitors: CompetitorDraft[];
  keywords: string;
  engines: string[];
  /** Answers asked of each prompt × engine per run, 1–5 (docs/metrics.md, "Samples"). */
  samples: number;
  cadence: Cadence;
  hour: number;
  weekday: number;
  timezone: string;
};

export const STEPS = [
  { id: 'identity', title: 'Identity' },
  { id: 'market', title: 'Market' },
  { id: 'competitors', title: 'Competitors' },
  { id: 'keywords', title: 'Keywords' },
  { id: 'schedule', title: 'Engines and schedule' },
] as const;
export type StepId = (typeof STEPS)[number]['id'];

/** Which step shows a field, so a server error can take the person to it. */
export function stepOfField(field: string): StepId {
  const head = field.split('.')[0] ?? '';
  if (['name', 'domains', 'aliases'].includes(head)) return 'identity';
  if (['description', 'industry', 'country', 'language'].includes(head)) return 'market';
  if (head === 'competitors') return 'competitors';
  if (head === 'keywords') return 'keywords';
  return 'schedule';
}

export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

let keySeq = 0;
export const newCompetitor = (name = ''): CompetitorDraft => ({
  key: `c${++keySeq}`,
  name,
  domains: '',
  aliases: '',
  commonWord: false,
});

export function emptyDraft(engines: string[], timezone: string): BrandDraft {
  return {
    name: '',
    domains: '',
    aliases: '',
    commonWord: false,
    description: '',
    industry: '',
    country: '',
    language: 'en',
    competitors: [],
    keywords: '',
    engines,
    samples: DEFAULT_SAMPLES,
    cadence: 'WEEKLY',
    hour: 6,
    weekday: 1,
    timezone,
  };
}

/** A workspace's defaults for new brands (Settings → Workspace), as the API gives them. */
export type BrandDefaultsLike = {
  engines: string[];
  samples: number;
  cadence: Cadence;
  hour: number;
  weekday: number;
  timezone: string;
  country?: string | null;
  language: string;
};

/**
 * A new brand's draft started from the workspace's defaults. Engines the workspace can no
 * longer ask (`available`) are dropped, and at most `maxEngines` are kept; with none left the
 * draft keeps its own engines.
 */
export function withBrandDefaults(
  draft: BrandDraft,
  defaults: BrandDefaultsLike | null | undefined,
  available: readonly string[],
  maxEngines: number,
): BrandDraft {
  if (!defaults) return draft;
  const engines = defaults.engines.filter((e) => available.includes(e)).slice(0, maxEngines);
  return {
    ...draft,
    engines: engines.length > 0 ? engines : draft.engines,
    samples: defaults.samples,
    cadence: defaults.cadence,
    hour: defaults.hour,
    weekday: defaults.weekday,
    timezone: defaults.timezone,
    country: defaults.country ?? '',
    language: defaults.language,
  };
}

type BrandLike = {
  name: string;
  domains: string[];
  aliases: string[];
  commonWord?: boolean;
  description?: string | null;
  industry?: string | null;
  country?: string | null;
  language: string;
  engines: string[];
  samples?: number;
  schedule: { cadence: Cadence; hour: number; weekday?: number | null; timezone: string };
  competitors: { name: string; domains: string[]; aliases: string[]; commonWord?: boolean }[];
  keywords: { text: string }[];
};

export function draftFromBrand(brand: BrandLike): BrandDraft {
  return {
    name: brand.name,
    domains: brand.domains.join('\n'),
    aliases: brand.aliases.join('\n'),
    commonWord: brand.commonWord ?? false,
    description: brand.description ?? '',
    industry: brand.industry ?? '',
    country: brand.country ?? '',
    language: brand.language,
    competitors: brand.competitors.map((c) => ({
      ...newCompetitor(c.name),
      domains: c.domains.join(', '),
      aliases: c.aliases.join(', '),
      commonWord: c.commonWord ?? false,
    })),
    keywords: brand.keywords.map((k) => k.text).join('\n'),
    engines: [...brand.engines],
    samples: brand.samples ?? 1,
    cadence: brand.schedule.cadence,
    hour: brand.schedule.hour,
    weekday: brand.schedule.weekday ?? 1,
    timezone: brand.schedule.timezone,
  };
}

/** What the API receives; the same object the shared schema validates. */
export function inputFromDraft(draft: BrandDraft) {
  return {
    name: draft.name,
    domains: splitList(draft.domains),
    aliases: splitList(draft.aliases),
    commonWord: draft.commonWord,
    description: draft.description || null,
    industry: draft.industry || null,
    country: draft.country || null,
    language: draft.language || 'en',
    engines: draft.engines,
    samples: draft.samples,
    schedule: {
      cadence: draft.cadence,
      hour: draft.hour,
      weekday: draft.cadence === 'WEEKLY' ? draft.weekday : null,
      timezone: draft.timezone,
    },
    competitors: draft.competitors
      .filter((c) => c.name.trim() || c.domains.trim() || c.aliases.trim())
      .map((c) => ({
        name: c.name,
        domains: splitList(c.domains),
        aliases: splitList(c.aliases),
        commonWord: c.commonWord,
      })),
    keywords: splitList(draft.keywords),
  } satisfies BrandInput;
}

/** The server's schema run in the browser: the same messages under the same field paths. */
export function validateDraft(draft: BrandDraft): Record<string, string> {
  const parsed = BrandInputSchema.safeParse(inputFromDraft(draft));
  if (parsed.success) return {};
  // "domains.2" is shown on the domains box as a whole.
  const fields = fieldErrorsFromIssues(parsed.error.issues);
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    out[fieldKey(key)] ??= message;
  }
  return out;
}

/** Server and client field paths mapped onto the form's inputs. */
export function fieldKey(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'competitors' && parts.length >= 3) return parts.slice(0, 3).join('.');
  if (['domains', 'aliases', 'keywords', 'engines'].includes(parts[0] ?? '')) return parts[0]!;
  return path;
}

/** The entities the analyzer matches, from the form as typed (for the alias tester). */
export function trackedEntities(draft: BrandDraft): TrackedEntity[] {
  const brand: TrackedEntity = {
    id: 'brand',
    kind: 'brand',
    name: draft.name.trim() || 'Your brand',
    aliases: splitList(draft.aliases),
    domains: splitList(draft.domains).map(bareDomain),
    commonWord: draft.commonWord,
  };
  const competitors = draft.competitors
    .filter((c) => c.name.trim())
    .map(
      (c): TrackedEntity => ({
        id: c.key,
        kind: 'competitor',
        name: c.name.trim(),
        aliases: splitList(c.aliases),
        domains: splitList(c.domains).map(bareDomain),
        commonWord: c.commonWord,
      }),
    );
  return [brand, ...competitors];
}

function bareDomain(value: string): string {
  return value
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/[/?#].*$/, '')
    .toLowerCase();
}
