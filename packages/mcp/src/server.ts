import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type GraphQLCall, LumenApiError } from './graphql';
import { brandSummary, type SummaryInput } from './summary';

// Lumen's MCP server (docs/mcp.md): the tools and resources, over any transport. Every tool is
// one or a few GraphQL calls made with the caller's API key, so the key's role decides what a
// tool may do, exactly as in the API; a refusal comes back as a readable message.

export const TOOL_NAMES = [
  'quick_score',
  'list_brands',
  'brand_metrics',
  'run_brand',
  'get_run',
  'list_opportunities',
  'get_answers',
  'create_content',
] as const;

export type McpOptions = {
  /** How long quick_score waits for its result. */
  quickScoreTimeoutMs?: number;
  /** Between two reads of a quick score's progress. */
  pollMs?: number;
};

const json = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

/** A refusal as a sentence a person (or a model) can act on. */
export function refusal(error: unknown): CallToolResult {
  const text =
    error instanceof LumenApiError
      ? ({
          FORBIDDEN: `Lumen refused: ${error.message} This API key's role does not allow it; an owner or admin can create a key with the MEMBER or ADMIN role.`,
          UNAUTHENTICATED: `Lumen refused the API key: ${error.message} Create a new key under Settings → API keys.`,
          NOT_FOUND: `Lumen found nothing: ${error.message} (the id may be wrong, or belong to another workspace).`,
          RATE_LIMITED: `Lumen is rate limiting this key: ${error.message}`,
          BAD_USER_INPUT: `Lumen did not accept the input: ${error.message}`,
        }[error.code] ?? `Lumen answered ${error.code}: ${error.message}`)
      : `The call to Lumen failed: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: 'text', text }] };
}

async function answer(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return json(await work());
  } catch (error) {
    return refusal(error);
  }
}

const METRICS = `answers score positionWeighted shareOfVoice citationRate averageRank sentiment
  mentionRate { value low high }
  change { score mentionRate verdict previousScore previousAnswers previousMentionRate { value low high } }`;

const RUN = `id status trigger total done failed score scoreChange error createdAt startedAt finishedAt
  engines { engine label total done failed }`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createLumenMcpServer(gql: GraphQLCall, options: McpOptions = {}): McpServer {
  const server = new McpServer(
    { name: 'lumen', version: '0.1.0' },
    {
      instructions:
        'Lumen measures how visible a brand is in AI answers (ChatGPT, Claude, Gemini, Perplexity). ' +
        'Use list_brands first to find brand ids. Scores are 0–100; a change is real only when its verdict is MOVED_UP or MOVED_DOWN.',
    },
  );

  server.registerTool(
    'quick_score',
    {
      title: 'Quick visibility score',
      description:
        'Checks a brand that need not be tracked yet: asks AI engines ten buyer questions about the industry and waits for the result. Returns the 0–100 score with its formula, mention rate with its 95 % interval, per-engine scores and the top opportunities.',
      inputSchema: {
        brand: z.string().min(1).describe('The brand name, e.g. "Acme CRM".'),
        website: z.string().min(1).describe('Its website, e.g. "acme.com".'),
        industry: z.string().min(1).describe('What it sells, e.g. "CRM software".'),
        competitors: z
          .array(z.string().min(1))
          .max(10)
          .optional()
          .describe('Up to 10 competitor names.'),
      },
    },
    async ({ brand, website, industry, competitors }) =>
      answer(async () => {
        const started = await gql<{ startQuickScore: { id: string } }>(
          'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
          {
            input: {
              brandName: brand,
              website,
              industry,
              competitors: (competitors ?? []).map((name) => ({ name })),
            },
          },
        );
        const id = started.startQuickScore.id;
        const deadline = Date.now() + (options.quickScoreTimeoutMs ?? 5 * 60_000);
        for (;;) {
          const { quickScore } = await gql<{ quickScore: QuickScoreRead | null }>(QUICK_SCORE, {
            id,
          });
          if (!quickScore) throw new LumenApiError('The quick score has expired.', 'NOT_FOUND');
          if (quickScore.status === 'COMPLETED' || quickScore.status === 'FAILED') {
            return shapeQuickScore(quickScore);
          }
          if (Date.now() > deadline) {
            return {
              id,
              status: quickScore.status,
              progress: quickScore.progress,
              note: 'Still running; ask again later.',
            };
          }
          await wait(options.pollMs ?? 1000);
        }
      }),
  );

  server.registerTool(
    'list_brands',
    {
      title: 'List brands',
      description: "The workspace's tracked brands with their domains, engines and latest run.",
      inputSchema: {},
    },
    async () =>
      answer(async () => {
        const data = await gql<{ brands: unknown[] }>(
          `{ brands { id name domains industry engines status
             latestRun { id status score scoreChange finishedAt } } }`,
        );
        return data.brands;
      }),
  );

  server.registerTool(
    'brand_metrics',
    {
      title: 'Brand metrics',
      description:
        "A brand's KPIs over a range (default: the last 30 days): score, mention rate with its 95 % interval, share of voice, citation rate, rank, sentiment, and the change against the period before with its verdict (MOVED_UP, MOVED_DOWN or WITHIN_NOISE).",
      inputSchema: {
        brandId: z.string().min(1).describe('From list_brands.'),
        from: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional()
          .describe('First day, YYYY-MM-DD.'),
        to: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional()
          .describe('Last day, YYYY-MM-DD.'),
        engine: z
          .string()
          .min(1)
          .optional()
          .describe('Only this engine, e.g. "local-gpt" or "openai".'),
      },
    },
    async ({ brandId, from, to, engine }) =>
      answer(async () => {
        const filter = {
          ...(from || to ? { from, to } : { lastDays: 30 }),
          ...(engine ? { engines: [engine] } : {}),
        };
        const data = await gql<{ brand: { id: string; name: string; metrics: unknown } | null }>(
          `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { id name metrics(filter: $f) { ${METRICS} } } }`,
          { id: brandId, f: filter },
        );
        if (!data.brand) throw new LumenApiError('Brand not found.', 'NOT_FOUND');
        return {
          brand: { id: data.brand.id, name: data.brand.name },
          filter,
          metrics: data.brand.metrics,
        };
      }),
  );

  server.registerTool(
    'run_brand',
    {
      title: 'Run a brand',
      description:
        "Starts a run of the brand's prompts on its engines (needs a MEMBER or ADMIN key). Returns the run id; follow it with get_run.",
      inputSchema: { brandId: z.string().min(1).describe('From list_brands.') },
    },
    async ({ brandId }) =>
      answer(async () => {
        const data = await gql<{ startRun: { id: string; status: string; total: number } }>(
          'mutation ($b: ID!) { startRun(brandId: $b) { id status total } }',
          { b: brandId },
        );
        return {
          runId: data.startRun.id,
          status: data.startRun.status,
          total: data.startRun.total,
        };
      }),
  );

  server.registerTool(
    'get_run',
    {
      title: 'Get a run',
      description:
        'A run’s status (QUEUED, RUNNING, COMPLETED, FAILED) and progress per engine; its score once completed.',
      inputSchema: { runId: z.string().min(1).describe('From run_brand, or a brand’s latestRun.') },
    },
    async ({ runId }) =>
      answer(async () => {
        const data = await gql<{ run: unknown }>(`query ($id: ID!) { run(id: $id) { ${RUN} } }`, {
          id: runId,
        });
        if (!data.run) throw new LumenApiError('Run not found.', 'NOT_FOUND');
        return data.run;
      }),
  );

  server.registerTool(
    'list_opportunities',
    {
      title: 'List opportunities',
      description:
        'Content gaps found by the runs, most impactful first: a competitor named where the brand is not, a low rank, a source citing only competitors, negative sentiment.',
      inputSchema: {
        brandId: z.string().min(1).optional().describe('Only this brand.'),
        status: z
          .enum(['NEW', 'PLANNED', 'IN_PROGRESS', 'PUBLISHED', 'RESOLVED', 'DISMISSED'])
          .optional()
          .describe('Only this status.'),
      },
    },
    async ({ brandId, status }) =>
      answer(async () => {
        const data = await gql<{
          opportunities: { totalCount: number; edges: { node: unknown }[] };
        }>(
          `query ($f: OpportunityFilter) { opportunities(filter: $f, first: 50) { totalCount
             edges { node { id brandName type title impact status recommendedKind promptText createdAt } } } }`,
          { f: { ...(brandId ? { brandId } : {}), ...(status ? { status: [status] } : {}) } },
        );
        return {
          totalCount: data.opportunities.totalCount,
          opportunities: data.opportunities.edges.map((e) => e.node),
        };
      }),
  );

  server.registerTool(
    'get_answers',
    {
      title: 'Get answers',
      description:
        "The engines' answers of a run (runId) or of a brand's latest runs (brandId): the text with the brands it mentions (rank, sentiment) and the sources it cites.",
      inputSchema: {
        runId: z.string().min(1).optional().describe('Answers of this run.'),
        brandId: z.string().min(1).optional().describe('Answers of this brand (newest first).'),
        first: z.number().int().min(1).max(100).optional().describe('How many (default 10).'),
      },
    },
    async ({ runId, brandId, first }) =>
      answer(async () => {
        let brand = brandId;
        if (!brand) {
          if (!runId) throw new LumenApiError('Give a runId or a brandId.', 'BAD_USER_INPUT');
          const run = await gql<{ run: { brand: { id: string } | null } | null }>(
            'query ($id: ID!) { run(id: $id) { brand { id } } }',
            { id: runId },
          );
          brand = run.run?.brand?.id;
          if (!brand) throw new LumenApiError('Run not found.', 'NOT_FOUND');
        }
        const data = await gql<{ answers: { edges: { node: unknown }[] } }>(
          `query ($b: ID!, $r: ID, $n: Int) { answers(brandId: $b, runId: $r, first: $n) { edges { node {
             id engine engineLabel promptText text error createdAt run { id }
             mentions { entityName kind rank count sentiment }
             citations { position url domain title owner } } } } }`,
          { b: brand, r: runId ?? null, n: first ?? 10 },
        );
        return data.answers.edges.map((e) => e.node);
      }),
  );

  server.registerTool(
    'create_content',
    {
      title: 'Create content for an opportunity',
      description:
        'Orders a piece of content (a draft) for an opportunity (needs a MEMBER or ADMIN key). Without templateId the built-in template of the recommended kind is used. Returns the order id; the draft is written in the background.',
      inputSchema: {
        opportunityId: z.string().min(1).describe('From list_opportunities.'),
        templateId: z
          .string()
          .min(1)
          .optional()
          .describe('A template id; default: by the recommended kind.'),
        siteId: z.string().min(1).optional().describe('The WordPress site it is meant for.'),
      },
    },
    async ({ opportunityId, templateId, siteId }) =>
      answer(async () => {
        const template = templateId ?? (await defaultTemplate(gql, opportunityId));
        const data = await gql<{ createOrder: { id: string; status: string } }>(
          'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { id status } }',
          { input: { opportunityId, templateId: template, siteId: siteId ?? null } },
        );
        return {
          orderId: data.createOrder.id,
          status: data.createOrder.status,
          templateId: template,
        };
      }),
  );

  server.registerResource(
    'brand',
    new ResourceTemplate('lumen://brands/{id}', {
      list: async () => {
        const data = await gql<{ brands: { id: string; name: string }[] }>(
          '{ brands { id name } }',
        );
        return {
          resources: data.brands.map((b) => ({
            uri: `lumen://brands/${b.id}`,
            name: b.name,
            mimeType: 'text/plain',
          })),
        };
      },
    }),
    {
      title: 'Brand summary',
      description:
        "A brand's latest numbers in plain text: score, mention rate, share of voice, open opportunities.",
      mimeType: 'text/plain',
    },
    async (uri, { id }) => {
      const data = await gql<SummaryInput>(
        `query ($id: ID!) { brand(id: $id) { id name domains engines
           latestRun { status score finishedAt }
           metrics(filter: { lastDays: 30 }) { ${METRICS} } }
           opportunities(filter: { brandId: $id, status: [NEW] }, first: 3) { totalCount
             edges { node { title impact } } } }`,
        { id: String(id) },
      );
      if (!data.brand) throw new LumenApiError('Brand not found.', 'NOT_FOUND');
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: brandSummary(data) }] };
    },
  );

  return server;
}

const QUICK_SCORE = `query ($id: ID!) { quickScore(id: $id) { id status progress error brandName domain
  result { score answers positionWeighted shareOfVoice citationRate averageRank
    mentionRate { value low high }
    formula { text weights { name weight } }
    engines { engine label score mentionRate answers }
    opportunities { title type impact recommendedKind } } } }`;

type QuickScoreRead = {
  id: string;
  status: string;
  progress: number;
  error: string | null;
  brandName: string;
  domain: string;
  result: ({ opportunities: unknown[] } & Record<string, unknown>) | null;
};

function shapeQuickScore(q: QuickScoreRead) {
  if (q.status === 'FAILED' || !q.result) {
    return { id: q.id, status: q.status, error: q.error ?? 'The quick score failed.' };
  }
  const { opportunities, ...result } = q.result;
  return {
    id: q.id,
    status: q.status,
    brand: q.brandName,
    domain: q.domain,
    ...result,
    topOpportunities: opportunities.slice(0, 5),
  };
}

async function defaultTemplate(gql: GraphQLCall, opportunityId: string): Promise<string> {
  const data = await gql<{
    opportunity: { recommendedKind: string | null } | null;
    templates: { id: string; kind: string; builtIn: boolean }[];
  }>(
    'query ($id: ID!) { opportunity(id: $id) { recommendedKind } templates { id kind builtIn } }',
    { id: opportunityId },
  );
  if (!data.opportunity) throw new LumenApiError('Opportunity not found.', 'NOT_FOUND');
  const kind = data.opportunity.recommendedKind;
  const pick =
    data.templates.find((t) => t.builtIn && t.kind === kind) ??
    data.templates.find((t) => t.kind === kind) ??
    data.templates.find((t) => t.builtIn) ??
    data.templates[0];
  if (!pick) {
    throw new LumenApiError(
      'This workspace has no template to write with; create one or pass templateId.',
      'BAD_USER_INPUT',
    );
  }
  return pick.id;
}
