import type { CorpusHit } from '@lumen/db/repositories/corpus.repository';
import { catalogue as defaultCatalogue } from '../corpus/catalogue/all-markets';
import type { CatalogueMarket } from '../corpus/catalogue/types';
import { extractBrands } from './brand-extraction';
import type { ReadDocument } from './rank-brands';

// An engine asked about CRMs answers with CRMs. Full-text retrieval alone does not: a question's
// generic words ("reliable", "open-source", "for small businesses") also match pages of other
// markets, and their brands leaked into the answers (an accounting tool in a CRM top 10). The
// local engine therefore works out the question's market and keeps to it: pages of another
// market are not read, and a brand the catalogue files under another market is named only
// when a page of this market really ties it to the question, by listing it or by being about
// it (packages/engines/README.md, "The local engine").

/** A market's words, longest first, so "sales CRM" is tried before "CRM". */
function vocabulary(market: CatalogueMarket): string[] {
  return [market.category, market.noun, market.nounPlural, ...market.synonyms]
    .map((w) => w.toLowerCase())
    .sort((a, b) => b.length - a.length);
}

function namesPhrase(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(text);
}

/** The one market whose words the prompt uses; undefined when none or several do. */
export function marketNamedIn(
  prompt: string,
  markets: readonly CatalogueMarket[] = defaultCatalogue,
): string | undefined {
  const named = markets.filter((m) => vocabulary(m).some((w) => namesPhrase(prompt, w)));
  return named.length === 1 ? named[0]?.id : undefined;
}

/** Share of the read documents' weight a market needs to be the question's market. */
const DOMINANT_SHARE = 0.5;

/**
 * The question's market: the one it names, else the market most of the best documents belong to
 * ("alternatives to Relaymark" is answered by CRM pages). Undefined when neither says.
 */
export function questionMarket(
  prompt: string,
  documents: readonly ReadDocument[],
  markets: readonly CatalogueMarket[] = defaultCatalogue,
): string | undefined {
  const named = marketNamedIn(prompt, markets);
  if (named) return named;
  const byMarket = new Map<string, number>();
  let total = 0;
  for (const { hit, weight } of documents) {
    if (!hit.market) continue;
    byMarket.set(hit.market, (byMarket.get(hit.market) ?? 0) + weight);
    total += weight;
  }
  const [top] = [...byMarket].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return top && top[1] >= total * DOMINANT_SHARE ? top[0] : undefined;
}

/** Pages of the market, and pages of none (a published post, a crawled page). */
export function inMarket(hits: readonly CorpusHit[], market: string | undefined): CorpusHit[] {
  return market ? hits.filter((hit) => !hit.market || hit.market === market) : [...hits];
}

const brandMarkets = new WeakMap<readonly CatalogueMarket[], Map<string, string>>();

function marketOfBrand(name: string, markets: readonly CatalogueMarket[]): string | undefined {
  let map = brandMarkets.get(markets);
  if (!map) {
    map = new Map(markets.flatMap((m) => m.brands.map((b) => [b.name, m.id] as const)));
    brandMarkets.set(markets, map);
  }
  return map.get(name);
}

/**
 * Whether a brand may be named in an answer about `market`: a brand of the market, one the
 * catalogue does not know (a published page's brand), or one a read page lists or is about.
 * A passing mention ("syncs invoices to Ledgerly") is not enough.
 */
export function belongsToAnswer(
  name: string,
  market: string | undefined,
  documents: readonly ReadDocument[],
  markets: readonly CatalogueMarket[] = defaultCatalogue,
): boolean {
  const home = marketOfBrand(name, markets);
  if (!market || !home || home === market) return true;
  return documents.some(({ hit }) =>
    extractBrands(hit, [name]).some(
      (m) => m.name === name && (m.listRank !== undefined || m.inTitle),
    ),
  );
}
