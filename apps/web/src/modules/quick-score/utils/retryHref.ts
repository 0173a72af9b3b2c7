export const NEW_CHECK = '/visibility/quick-score';

/** A link back to the form, filled in with what this check was about. */
export function retryHref(score: {
  brandName: string;
  domain: string;
  industry: string;
  country: string | null;
  competitors: readonly string[];
}) {
  const params = new URLSearchParams({
    brandName: score.brandName,
    website: score.domain,
    industry: score.industry,
  });
  if (score.country) params.set('country', score.country);
  for (const name of score.competitors) params.append('competitor', name);
  return `${NEW_CHECK}?${params.toString()}`;
}
