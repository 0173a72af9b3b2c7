import type { AnswerAnalysis, TrackedEntity } from '../entities/types';
import type { OutreachContact } from './contact-page';
import type { SourceKind } from './source-kinds';

// "Cites them, not us" (docs/sources.md): third-party pages the brand's answers cite whose own
// text names competitors but not the brand, ranked by citation share × engines citing them.
// Pure; the worker and the API feed it what they read.

/** What a fetched page names, as the answer analyzer found it. */
export type PageReading = {
  brandMentioned: boolean;
  /** Competitors the page names, in the order the page first names them. */
  competitors: { entityId: string; name: string }[];
};

/** The tracked entities a page's analysis names (the analyzer ranks mentions by first offset). */
export function readingOf(
  analysis: Pick<AnswerAnalysis, 'mentions'>,
  entities: readonly TrackedEntity[],
): PageReading {
  const byId = new Map(entities.map((e) => [e.id, e]));
  const named = [...analysis.mentions].sort((a, b) => a.rank - b.rank);
  return {
    brandMentioned: named.some((m) => byId.get(m.entityId)?.kind === 'brand'),
    competitors: named.flatMap((m) => {
      const e = byId.get(m.entityId);
      return e?.kind === 'competitor' ? [{ entityId: e.id, name: e.name }] : [];
    }),
  };
}

/** One cited URL of the brand's answers in the period, with what its page says (if read). */
export type CitedPage = {
  url: string;
  domain: string;
  kind: SourceKind;
  citations: number;
  engines: readonly string[];
  prompts: readonly { text: string; engines: readonly string[] }[];
  title: string | null;
  contact: OutreachContact | null;
  /** Null: not read yet, or its fetch failed. */
  reading: PageReading | null;
};

export type OutreachPage = Omit<CitedPage, 'reading' | 'engines'> & {
  engines: string[];
  competitors: PageReading['competitors'];
  /** The page's citations over every citation of the brand's answers in the period, 0–1. */
  share: number;
  /** share × number of engines citing it: the ranking. */
  score: number;
};

export type OutreachDomain = {
  domain: string;
  kind: SourceKind;
  citations: number;
  share: number;
  engines: string[];
  score: number;
  /** Its pages in the list, best first. */
  pages: string[];
};

/** Kinds that are never outreach: the brand's own site and the competitors'. */
const NOT_THIRD_PARTY: ReadonlySet<SourceKind> = new Set(['owned', 'competitor']);

/**
 * The pages that cite competitors but not the brand, best first (score, then citations, then
 * URL), and their domains ranked the same way. A page counts when it was read, names at least
 * one competitor and not the brand, and no read page of its domain names the brand (that site
 * already writes about it). `totalCitations` is every citation of the period, every domain's.
 */
export function rankOutreach(
  pages: readonly CitedPage[],
  totalCitations: number,
): { pages: OutreachPage[]; domains: OutreachDomain[] } {
  const citesUs = new Set(pages.filter((p) => p.reading?.brandMentioned).map((p) => p.domain));
  const total = Math.max(1, totalCitations);
  const ranked: OutreachPage[] = pages
    .filter(
      (p) =>
        p.reading &&
        !p.reading.brandMentioned &&
        p.reading.competitors.length > 0 &&
        !NOT_THIRD_PARTY.has(p.kind) &&
        !citesUs.has(p.domain),
    )
    .map(({ reading, ...p }) => {
      const engines = [...new Set(p.engines)].sort();
      const share = p.citations / total;
      return {
        ...p,
        engines,
        competitors: reading?.competitors ?? [],
        share,
        // Multiplied before dividing, so equal products tie exactly (2 × 3 and 3 × 2).
        score: (p.citations * engines.length) / total,
      };
    })
    .sort((a, b) => b.score - a.score || b.citations - a.citations || a.url.localeCompare(b.url));

  const domains = new Map<string, OutreachDomain & { engineSet: Set<string> }>();
  for (const p of ranked) {
    const d = domains.get(p.domain) ?? {
      domain: p.domain,
      kind: p.kind,
      citations: 0,
      share: 0,
      engines: [],
      score: 0,
      pages: [],
      engineSet: new Set<string>(),
    };
    d.citations += p.citations;
    for (const e of p.engines) d.engineSet.add(e);
    d.pages.push(p.url);
    domains.set(p.domain, d);
  }
  const rankedDomains = [...domains.values()]
    .map(({ engineSet, ...d }) => {
      const share = d.citations / total;
      return {
        ...d,
        share,
        engines: [...engineSet].sort(),
        score: (d.citations * engineSet.size) / total,
      };
    })
    .sort(
      (a, b) => b.score - a.score || b.citations - a.citations || a.domain.localeCompare(b.domain),
    );
  return { pages: ranked, domains: rankedDomains };
}

/**
 * A SOURCE_OUTREACH opportunity's impact, 0–100, on the scale of the run's gaps (find-gaps.ts):
 * 0.8 (as a citation gap) × (0.6 × the share of the brand's engines citing the page + 0.4 × its
 * citation share, counted in full from 10 %).
 */
export function outreachImpact(
  page: Pick<OutreachPage, 'engines' | 'share'>,
  totalEngines: number,
): number {
  const engineShare = totalEngines > 0 ? Math.min(1, page.engines.length / totalEngines) : 0;
  const prominence = Math.min(1, page.share * 10);
  return Math.max(0, Math.min(100, Math.round(80 * (0.6 * engineShare + 0.4 * prominence))));
}

/** The opportunity's title: which competitors the page names, and where. */
export function outreachTitle(
  page: Pick<OutreachPage, 'url' | 'domain' | 'competitors'>,
  brandName: string,
): string {
  const names = page.competitors.map((c) => c.name);
  const shown =
    names.length <= 2
      ? names.join(' and ')
      : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  let path = page.url;
  try {
    const u = new URL(page.url);
    path = `${page.domain}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {}
  const short = path.length > 70 ? `${path.slice(0, 67)}…` : path;
  return `${short} names ${shown} but not ${brandName}`;
}

/** One row of "which prompt, on which engine, cited this URL how often". */
export type CitedUrlUse = {
  url: string;
  domain: string;
  promptText: string;
  engine: string;
  citations: number;
};

/** Prompts listed per page: the most citing first. */
export const PROMPTS_PER_PAGE = 5;

/**
 * The cited URLs as pages to rank: citations, engines and prompts added up from the uses, the
 * kind from the classifier, and what was read of each page (`readOf`). A UGC page's way in is
 * the thread itself, whatever links it has.
 */
export function citedPagesOf(
  uses: readonly CitedUrlUse[],
  kindOf: (domain: string) => SourceKind,
  readOf: (
    url: string,
  ) =>
    | { title: string | null; contact: OutreachContact | null; reading: PageReading | null }
    | undefined,
): CitedPage[] {
  const byUrl = new Map<
    string,
    {
      domain: string;
      citations: number;
      engines: Set<string>;
      prompts: Map<string, { citations: number; engines: Set<string> }>;
    }
  >();
  for (const u of uses) {
    const page = byUrl.get(u.url) ?? {
      domain: u.domain,
      citations: 0,
      engines: new Set<string>(),
      prompts: new Map(),
    };
    page.citations += u.citations;
    page.engines.add(u.engine);
    const prompt = page.prompts.get(u.promptText) ?? { citations: 0, engines: new Set<string>() };
    prompt.citations += u.citations;
    prompt.engines.add(u.engine);
    page.prompts.set(u.promptText, prompt);
    byUrl.set(u.url, page);
  }
  return [...byUrl].map(([url, p]) => {
    const kind = kindOf(p.domain);
    const read = readOf(url);
    return {
      url,
      domain: p.domain,
      kind,
      citations: p.citations,
      engines: [...p.engines].sort(),
      prompts: [...p.prompts]
        .sort((a, b) => b[1].citations - a[1].citations || a[0].localeCompare(b[0]))
        .slice(0, PROMPTS_PER_PAGE)
        .map(([text, q]) => ({ text, engines: [...q.engines].sort() })),
      title: read?.title ?? null,
      contact: kind === 'ugc' ? { url, kind: 'thread' } : (read?.contact ?? null),
      reading: read?.reading ?? null,
    };
  });
}

/** What a SOURCE_OUTREACH opportunity's evidence says about its page. */
export type OutreachEvidence = {
  url: string;
  domain: string;
  kind: SourceKind;
  title: string | null;
  citations: number;
  share: number;
  competitors: string[];
  prompts: { text: string; engines: string[] }[];
  contact: OutreachContact | null;
};

/**
 * The stored evidence of a page's opportunity: the generic fields every opportunity has (the
 * engines citing it, its competitors, its domain) and the page's own under `outreach`.
 */
export function outreachEvidence(page: OutreachPage, totalEngines: number) {
  const outreach: OutreachEvidence = {
    url: page.url,
    domain: page.domain,
    kind: page.kind,
    title: page.title,
    citations: page.citations,
    share: page.share,
    competitors: page.competitors.map((c) => c.name),
    prompts: page.prompts.map((p) => ({ text: p.text, engines: [...p.engines] })),
    contact: page.contact,
  };
  return {
    engines: page.engines,
    totalEngines,
    competitors: page.competitors.map((c, i) => ({
      entityId: c.entityId,
      name: c.name,
      bestRank: i + 1,
      engines: page.engines.length,
    })),
    brand: [],
    citedDomains: [{ domain: page.domain, count: page.citations }],
    urls: [page.url],
    sources: [page.domain],
    outreach,
  };
}

/**
 * The pages whose outreach is done, with the history's note: the page, read again, now names the
 * brand, or another read page of its site does (the site writes about it now).
 */
export function outreachResolutions(
  pages: readonly CitedPage[],
  brandName: string,
): { url: string; note: string }[] {
  const naming = new Map<string, string>();
  for (const p of pages)
    if (p.reading?.brandMentioned && !naming.has(p.domain)) naming.set(p.domain, p.url);
  return pages.flatMap((p) => {
    if (p.reading?.brandMentioned)
      return [{ url: p.url, note: `The page now names ${brandName}.` }];
    const other = naming.get(p.domain);
    return other ? [{ url: p.url, note: `${p.domain} now names ${brandName} on ${other}.` }] : [];
  });
}
