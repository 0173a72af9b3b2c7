import type { CorpusDocumentInput } from '@lumen/db/repositories/corpus.repository';
import { catalogue as defaultCatalogue } from './catalogue/all-markets';
import type { CatalogueMarket, CataloguePublisher } from './catalogue/types';
import { forumThread, vendorAlternativePage, vendorHome } from './community-writers';
import { buyingGuide, comparison, listicle, review } from './editorial-writers';
import { hashString, type Random, seededRandom } from './random';
import { slug } from './writer-helpers';

export type SeedDocument = CorpusDocumentInput & { market: string; kind: string };

// Seed documents are dated inside a fixed window so the corpus (and every local answer built on
// it) is the same on every machine and every day.
const FIRST_DAY = Date.UTC(2022, 2, 1);
const LAST_DAY = Date.UTC(2025, 8, 30);
const DAY = 86_400_000;

function publishedAt(random: Random): Date {
  const days = Math.floor((LAST_DAY - FIRST_DAY) / DAY);
  return new Date(FIRST_DAY + random.int(0, days) * DAY);
}

/**
 * Expands the catalogue into the seed corpus: listicles, reviews, comparisons, forum threads and
 * vendor pages. Deterministic: each document draws from its own random stream keyed by what it is.
 */
export function generateCorpus(
  markets: readonly CatalogueMarket[] = defaultCatalogue,
): SeedDocument[] {
  const documents = new Map<string, SeedDocument>();
  const add = (doc: Omit<SeedDocument, 'source' | 'domain'>) => {
    const domain = new URL(doc.url).hostname;
    if (!documents.has(doc.url)) documents.set(doc.url, { ...doc, domain, source: 'seed' });
  };
  for (const market of markets) {
    addListicles(market, add);
    addGuides(market, add);
    addReviews(market, add);
    addComparisons(market, add);
    addForumThreads(market, add);
    addVendorPages(market, add);
  }
  return [...documents.values()];
}

type Add = (doc: Omit<SeedDocument, 'source' | 'domain'>) => void;

function addListicles(market: CatalogueMarket, add: Add): void {
  for (const segment of market.segments) {
    const sites = pickSites(market.reviewSites, 3, `${market.id}:${segment.id}:sites`);
    for (const site of sites) {
      const random = seededRandom(`listicle:${market.id}:${segment.id}:${site.domain}`);
      const date = publishedAt(random);
      const { title, body } = listicle(market, segment, site, date.getUTCFullYear(), random);
      add({
        url: `https://${site.domain}/best/${slug(market.noun)}-for-${segment.id}`,
        title,
        body,
        publishedAt: date,
        market: market.id,
        kind: 'listicle',
      });
    }
  }
}

function addGuides(market: CatalogueMarket, add: Add): void {
  for (const segment of market.segments) {
    const random = seededRandom(`guide:${market.id}:${segment.id}`);
    const site = random.pick(market.reviewSites);
    const date = publishedAt(random);
    const { title, body } = buyingGuide(market, segment, site, date.getUTCFullYear(), random);
    add({
      url: `https://${site.domain}/guides/choosing-${slug(market.noun)}-for-${segment.id}`,
      title,
      body,
      publishedAt: date,
      market: market.id,
      kind: 'guide',
    });
  }
}

function addReviews(market: CatalogueMarket, add: Add): void {
  for (const brand of market.brands) {
    const sites = pickSites(market.reviewSites, 2, `${market.id}:${brand.name}:reviews`);
    for (const site of sites) {
      const random = seededRandom(`review:${brand.name}:${site.domain}`);
      const date = publishedAt(random);
      const { title, body } = review(market, brand, site, date.getUTCFullYear(), random);
      add({
        url: `https://${site.domain}/reviews/${slug(brand.name)}`,
        title,
        body,
        publishedAt: date,
        market: market.id,
        kind: 'review',
      });
    }
  }
}

function addComparisons(market: CatalogueMarket, add: Add): void {
  const pairs = market.brands.flatMap((a, i) => market.brands.slice(i + 1).map((b) => [a, b]));
  const chosen = seededRandom(`${market.id}:pairs`)
    .shuffle(pairs)
    .slice(0, Math.max(6, Math.ceil(pairs.length * 0.55)));
  for (const pair of chosen) {
    const [a, b] = pair as [(typeof pair)[0], (typeof pair)[0]];
    const random = seededRandom(`comparison:${a.name}:${b.name}`);
    const site = random.pick(market.reviewSites);
    const date = publishedAt(random);
    const { title, body } = comparison(market, a, b, site, date.getUTCFullYear(), random);
    add({
      url: `https://${site.domain}/compare/${slug(a.name)}-vs-${slug(b.name)}`,
      title,
      body,
      publishedAt: date,
      market: market.id,
      kind: 'comparison',
    });
  }
}

function addForumThreads(market: CatalogueMarket, add: Add): void {
  for (const segment of market.segments) {
    for (const forum of pickSites(market.forums, 2, `${market.id}:${segment.id}:forums`)) {
      const key = `forum:${market.id}:${segment.id}:${forum.domain}`;
      const random = seededRandom(key);
      if (random.next() < 0.15) continue;
      const date = publishedAt(random);
      const { title, body } = forumThread(market, segment, forum, random);
      const id = (hashString(key) % 900_000) + 100_000;
      add({
        url: `https://${forum.domain}/t/${slug(market.id)}/${id}/${slug(title).slice(0, 60)}`,
        title,
        body,
        publishedAt: date,
        market: market.id,
        kind: 'forum',
      });
    }
  }
}

function addVendorPages(market: CatalogueMarket, add: Add): void {
  for (const brand of market.brands) {
    const random = seededRandom(`vendor:${brand.name}`);
    const home = vendorHome(market, brand);
    add({
      url: `https://${brand.domain}/`,
      ...home,
      publishedAt: publishedAt(random),
      market: market.id,
      kind: 'vendor',
    });
    const rival = random.pick(market.brands.filter((b) => b !== brand));
    const page = vendorAlternativePage(market, brand, rival);
    add({
      url: `https://${brand.domain}/alternatives/${slug(rival.name)}`,
      ...page,
      publishedAt: publishedAt(random),
      market: market.id,
      kind: 'vendor',
    });
  }
}

function pickSites(
  sites: readonly CataloguePublisher[],
  count: number,
  key: string,
): CataloguePublisher[] {
  return seededRandom(key).shuffle(sites).slice(0, count);
}
