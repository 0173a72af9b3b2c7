import type {
  CatalogueBrand,
  CatalogueMarket,
  CataloguePublisher,
  CatalogueSegment,
} from './catalogue/types';
import type { Random } from './random';

/** Wording helpers and the scoring that decides how each publisher ranks brands. */
export function slug(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function titleCase(value: string): string {
  const small = new Set(['a', 'an', 'and', 'for', 'of', 'the', 'to', 'with', 'in', 'on', 'or']);
  return value
    .split(' ')
    .map((word, i) => (i > 0 && small.has(word) ? word : capitalise(word)))
    .join(' ');
}

export function audienceOf(segment: CatalogueSegment): string {
  return segment.audience ?? segment.label;
}

export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * How well a brand fits a segment in the eyes of one publisher: reputation, fit, the site's lean
 * towards big or small names, and a little noise so sources disagree the way real ones do.
 */
export function fitScore(
  brand: CatalogueBrand,
  segment: CatalogueSegment | undefined,
  publisher: CataloguePublisher,
  random: Random,
): number {
  const fit = segment && brand.bestFor.includes(segment.id) ? 0.3 : 0;
  const lean = publisher.bias * (brand.quality - 0.78) * 3;
  return brand.quality + fit + lean + random.next() * 0.18;
}

export function ranked(
  market: CatalogueMarket,
  segment: CatalogueSegment | undefined,
  publisher: CataloguePublisher,
  random: Random,
): CatalogueBrand[] {
  return market.brands
    .map((brand) => ({ brand, score: fitScore(brand, segment, publisher, random) }))
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.brand);
}

export function segmentLabelsOf(brand: CatalogueBrand, market: CatalogueMarket): string[] {
  return brand.bestFor.flatMap((id) => market.segments.find((s) => s.id === id)?.label ?? []);
}
