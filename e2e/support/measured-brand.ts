import { type ApiSession, graphqlAs } from './auth';

/** The measured brand: a CRM the seed corpus does not know, so no page names it yet. */
export const MEASURED_BRAND = 'Brightwell CRM';

/**
 * A brand measured by the real worker on the local engines, through the API: its run completes,
 * the gap analysis leaves opportunities (the competitors are named, the brand, unknown to the
 * corpus, is not). Returns the brand id and its opportunities, most impactful first.
 */
export async function measuredBrand(
  account: ApiSession,
  {
    competitors = ['Relaymark', 'Salesmith'],
    keywords = ['CRM software'],
  }: { competitors?: readonly string[]; keywords?: readonly string[] } = {},
): Promise<{ brandId: string; opportunities: { id: string; title: string }[] }> {
  const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
    account,
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    {
      input: {
        name: MEASURED_BRAND,
        domains: ['brightwellcrm.com'],
        aliases: [],
        description:
          'Brightwell CRM is a project-based CRM for agencies of 2 to 50 people, with time tracking and invoicing built in.',
        industry: 'CRM software',
        country: 'Germany',
        language: 'en',
        engines: ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'],
        schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
        competitors: competitors.map((name) => ({
          name,
          domains: [`${name.toLowerCase()}.com`],
          aliases: [],
        })),
        keywords,
      },
    },
  );
  const { startRun } = await graphqlAs<{ startRun: { id: string } }>(
    account,
    'mutation ($b: ID!) { startRun(brandId: $b) { id } }',
    { b: createBrand.id },
  );
  for (;;) {
    const { run } = await graphqlAs<{
      run: { status: string; gapAnalysis: { status: string } | null };
    }>(account, 'query ($id: ID!) { run(id: $id) { status gapAnalysis { status } } }', {
      id: startRun.id,
    });
    if (run.status === 'FAILED') throw new Error('the run failed');
    if (run.gapAnalysis?.status === 'FAILED') throw new Error('the gap analysis failed');
    if (run.gapAnalysis?.status === 'COMPLETED') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const { opportunities } = await graphqlAs<{
    opportunities: { edges: { node: { id: string; title: string } }[] };
  }>(account, '{ opportunities(first: 5) { edges { node { id title } } } }');
  return { brandId: createBrand.id, opportunities: opportunities.edges.map((e) => e.node) };
}
