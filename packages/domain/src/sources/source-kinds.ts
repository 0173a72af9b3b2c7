import { createDomainIndex, hostOf, MAX_HOST_LENGTH } from '../analysis/hosts';
import { canonicalHost } from '../analysis/idn';
import type { TrackedEntity } from '../entities/types';
import { SOURCE_LIST } from './source-list';

/** What kinds of site a cited domain can be (docs/sources.md, "Kinds"). */
export const SOURCE_KINDS = [
  'owned',
  'competitor',
  'editorial',
  'ugc',
  'reference',
  'other',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Where a classification came from, highest precedence first (docs/sources.md, "Precedence"). */
export const SOURCE_KIND_ORIGINS = [
  'correction',
  'owned',
  'competitor',
  'list',
  'heuristic',
  'default',
] as const;

/** The kinds the shipped list and the heuristics can give: owned and competitor come from brands. */
export type ListedSourceKind = 'editorial' | 'ugc' | 'reference';

export type SourceClassification = {
  kind: SourceKind;
  /** Where the kind came from (SOURCE_KIND_ORIGINS). */
  source: (typeof SOURCE_KIND_ORIGINS)[number];
  /** The entry, domain or heuristic that decided, so the page can say why. */
  rule?: string;
};

export type SourceContext = {
  /** The workspace's brands and competitors; their domains cover their subdomains. */
  entities?: readonly TrackedEntity[];
  /** A person's per-workspace corrections: domain (or URL) → kind. */
  corrections?: ReadonlyMap<string, SourceKind> | Readonly<Record<string, SourceKind>>;
};

/** Host (canonical form) → kind, most specific entry wins. */
function buildList(): Map<string, ListedSourceKind> {
  const list = new Map<string, ListedSourceKind>();
  for (const [kind, domains] of Object.entries(SOURCE_LIST) as [ListedSourceKind, string[]][]) {
    for (const domain of domains) list.set(canonicalHost(domain), kind);
  }
  return list;
}

const LIST = buildList();

/** The entry of a map that matches the host or the nearest parent domain of it. */
/**
 * The host and the parent domains whose entries apply to it, nearest first
 * ("a.b.g2.com" → a.b.g2.com, b.g2.com, g2.com): a correction of a domain covers its subdomains.
 */
export function domainLineage(host: string): string[] {
  const lineage: string[] = [];
  let h = host;
  while (h.includes('.')) {
    lineage.push(h);
    h = h.slice(h.indexOf('.') + 1);
  }
  return lineage;
}

function lookup<T>(map: ReadonlyMap<string, T>, host: string): [string, T] | undefined {
  for (const h of domainLineage(host)) {
    const value = map.get(h);
    if (value !== undefined) return [h, value];
  }
  return undefined;
}

/** A URL, bare domain or host in the form hosts are compared in: '' when there is no host. */
function normalizeHost(input: string): string {
  const host = hostOf(input.normalize('NFKC'));
  return host ? canonicalHost(host) : '';
}

/**
 * The domain a person means when correcting a kind ("https://www.G2.com/x" → "g2.com"), in the
 * form the classifier compares; null when it names no public domain (no dot, too long).
 */
export function sourceDomainOf(input: string): string | null {
  const host = normalizeHost(input.trim());
  return host.includes('.') && host.length <= MAX_HOST_LENGTH ? host : null;
}

const REFERENCE_LABELS = new Set(['docs', 'doc', 'developer', 'developers', 'help', 'support']);
const UGC_LABELS = new Set(['forum', 'forums', 'community', 'discuss']);
const OFFICIAL_TLDS = new Set(['gov', 'edu', 'mil']);
// "preview" is not a review; "vs" and "versus" only as a whole word of a label.
const EDITORIAL_WORD = /(^|[^p])reviews?|compar(e|ison)|(^|-)(vs|versus)(-|$)/;

/** Guesses from the host's shape when no entry matches (docs/sources.md, "Heuristics"). */
function heuristic(host: string): SourceClassification | undefined {
  const labels = host.split('.');
  const last = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  if (OFFICIAL_TLDS.has(last)) return { kind: 'reference', source: 'heuristic', rule: `.${last}` };
  // Country-level official suffixes: gov.uk, edu.au, ac.jp.
  if (last.length === 2 && (OFFICIAL_TLDS.has(second) || second === 'ac') && labels.length > 2)
    return { kind: 'reference', source: 'heuristic', rule: `.${second}.${last}` };
  // Subdomain labels only: "docs.com" itself is somebody's registrable domain.
  const subdomains = labels.slice(0, -2);
  const reference = subdomains.find((label) => REFERENCE_LABELS.has(label));
  if (reference) return { kind: 'reference', source: 'heuristic', rule: `${reference}.` };
  const ugc = subdomains.find((label) => UGC_LABELS.has(label));
  if (ugc) return { kind: 'ugc', source: 'heuristic', rule: `${ugc}.` };
  const word = labels.slice(0, -1).find((label) => EDITORIAL_WORD.test(label));
  if (word) return { kind: 'editorial', source: 'heuristic', rule: `review/compare word: ${word}` };
  return undefined;
}

/**
 * Classifies a cited URL's domain: a correction, then the brand's and competitors' domains, the
 * shipped list, the heuristics, and otherwise 'other' (docs/sources.md).
 */
export function createSourceClassifier(context: SourceContext = {}) {
  const corrections = new Map<string, SourceKind>();
  const given = context.corrections ?? new Map<string, SourceKind>();
  const entries = given instanceof Map ? [...given] : Object.entries(given);
  for (const [domain, kind] of entries) {
    const host = normalizeHost(domain);
    if (host) corrections.set(host, kind);
  }
  // Brands first: a domain listed as both the brand's and a competitor's is owned.
  const entities = [...(context.entities ?? [])].sort(
    (a, b) => Number(b.kind === 'brand') - Number(a.kind === 'brand'),
  );
  const owners = createDomainIndex(entities);

  return function classifySource(urlOrDomain: string): SourceClassification {
    const host = normalizeHost(urlOrDomain);
    if (!host || host.length > MAX_HOST_LENGTH) return { kind: 'other', source: 'default' };
    const corrected = lookup(corrections, host);
    if (corrected) return { kind: corrected[1], source: 'correction', rule: corrected[0] };
    const owner = owners.ownerOf(host);
    if (owner) {
      const kind = owner.kind === 'brand' ? 'owned' : 'competitor';
      return { kind, source: kind, rule: owner.name };
    }
    const listed = lookup(LIST, host);
    if (listed) return { kind: listed[1], source: 'list', rule: listed[0] };
    return heuristic(host) ?? { kind: 'other', source: 'default' };
  };
}

type Named = { id: string; name: string; domains: readonly string[] };

/**
 * The classifier of one brand's sources: its own and its competitors' domains (names only, no
 * aliases: a domain decides), and the workspace's corrections. The Sources page, the outreach
 * list and reports classify with it, so a domain has the same kind on all three.
 */
export function brandSourceClassifier(
  brand: Named,
  competitors: readonly Named[],
  corrections: readonly { domain: string; kind: SourceKind }[],
) {
  return createSourceClassifier({
    entities: [
      { id: brand.id, kind: 'brand', name: brand.name, aliases: [], domains: [...brand.domains] },
      ...competitors.map((c) => ({
        id: c.id,
        kind: 'competitor' as const,
        name: c.name,
        aliases: [],
        domains: [...c.domains],
      })),
    ],
    corrections: new Map(corrections.map((c) => [c.domain, c.kind])),
  });
}
