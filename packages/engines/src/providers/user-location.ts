import { countryCode } from '@lumen/domain/places/place';

/**
 * The approximate user location a model API's search takes, from the brand's country: an ISO
 * code, or nothing when the country is unset or not recognised (never guessed). Only the
 * country: a brand has no city (docs/engines.md, "Location and web search, per engine").
 */
export function approximateLocation(
  country: string | null | undefined,
): { type: 'approximate'; country: string } | undefined {
  const code = countryCode(country);
  return code ? { type: 'approximate', country: code } : undefined;
}
