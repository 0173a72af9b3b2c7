/** A schema.org node read from a page's JSON-LD: its types and its own fields. */
export type JsonLdNode = { types: string[]; fields: Record<string, unknown> };

const MAX_NODES = 200;

/**
 * Every node of a page's JSON-LD blocks (already JSON-parsed), `@graph` and nested values
 * flattened, at most 200: the audit asks "is there an Organization with a logo", not for the
 * whole graph.
 */
export function flattenJsonLd(blocks: readonly unknown[]): JsonLdNode[] {
  const out: JsonLdNode[] = [];
  const visit = (value: unknown, depth: number) => {
    if (out.length >= MAX_NODES || depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const obj = value as Record<string, unknown>;
    const raw = obj['@type'];
    const types = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
      .filter((t): t is string => typeof t === 'string')
      .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
    if (types.length > 0) out.push({ types, fields: obj });
    for (const [k, v] of Object.entries(obj)) {
      if (k !== '@context') visit(v, depth + 1);
    }
  };
  for (const b of blocks) visit(b, 0);
  return out;
}

/** Types that count as each kind the audit asks for (a subtype is as good as its parent). */
export const SCHEMA_FAMILIES = {
  Organization: ['Organization', 'Corporation', 'LocalBusiness', 'OnlineBusiness', 'OnlineStore'],
  Product: ['Product', 'SoftwareApplication', 'WebApplication', 'MobileApplication', 'Service'],
  Article: ['Article', 'BlogPosting', 'NewsArticle', 'TechArticle', 'Report'],
  FAQPage: ['FAQPage'],
} as const;

export type SchemaFamily = keyof typeof SCHEMA_FAMILIES;

/** The fields that matter for each kind: an answer engine quotes them. */
export const REQUIRED_FIELDS: Record<SchemaFamily, readonly string[]> = {
  Organization: ['name', 'url', 'logo', 'sameAs'],
  Product: ['name', 'description', 'offers'],
  Article: ['headline', 'author', 'datePublished', 'dateModified'],
  FAQPage: ['mainEntity'],
};

export function findFamily(nodes: readonly JsonLdNode[], family: SchemaFamily): JsonLdNode | null {
  const names: readonly string[] = SCHEMA_FAMILIES[family];
  return nodes.find((n) => n.types.some((t) => names.includes(t))) ?? null;
}

const present = (v: unknown) =>
  v !== undefined &&
  v !== null &&
  !(typeof v === 'string' && v.trim() === '') &&
  !(Array.isArray(v) && v.length === 0);

/** The required fields a node leaves out or empty. */
export function missingFields(node: JsonLdNode, family: SchemaFamily): string[] {
  return REQUIRED_FIELDS[family].filter((f) => !present(node.fields[f]));
}

/** The newest dateModified any node states, as written. */
export function jsonLdDateModified(nodes: readonly JsonLdNode[]): string | null {
  let best: { raw: string; t: number } | null = null;
  for (const n of nodes) {
    const v = n.fields.dateModified;
    if (typeof v !== 'string') continue;
    const t = Date.parse(v);
    if (Number.isFinite(t) && (!best || t > best.t)) best = { raw: v, t };
  }
  return best?.raw ?? null;
}
