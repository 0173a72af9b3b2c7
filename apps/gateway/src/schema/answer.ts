import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  type AnswerCitationRow,
  type AnswerMentionRow,
  listAnswers,
} from '@lumen/db/repositories/run-query.repository';
import { isEnglish } from '@lumen/domain/places/place';
import { findPersona } from '@lumen/engines/local/personas';
import { builder } from '../builder';
import { runLoaders } from '../loaders/run-loaders';
import { findOwned, requireIdArg } from '../workspace-scope';
import { connectionType, newestFirst, pageArgs } from './connection';
import { UsageType } from './cost';
import { AnswerType, PromptType, RunType } from './refs';
import { TextSpanType } from './shared';

// One engine's answer to one prompt in a run, with its mentions and citations (docs/brands.md,
// "Runs"), and the brand's answers paged newest first.

export const CitationOwnerEnum = builder.enumType('CitationOwner', {
  values: ['OWN', 'COMPETITOR', 'THIRD_PARTY'] as const,
});
const MentionKindEnum = builder.enumType('MentionKind', {
  values: ['BRAND', 'COMPETITOR', 'DISCOVERED'] as const,
});

const AnswerCitationType = builder.objectRef<AnswerCitationRow>('AnswerCitation').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    domain: t.exposeString('domain'),
    title: t.exposeString('title', { nullable: true }),
    position: t.exposeInt('position', { description: '1 = the first source the answer cited.' }),
    owner: t.field({ type: CitationOwnerEnum, resolve: (c) => c.owner }),
    entityId: t.exposeID('entityId', {
      nullable: true,
      description: 'The brand or competitor that owns the cited domain.',
    }),
  }),
});

const AnswerMentionType = builder.objectRef<AnswerMentionRow>('AnswerMention').implement({
  fields: (t) => ({
    entityId: t.exposeID('entityId', { nullable: true, description: 'Null when discovered.' }),
    entityName: t.exposeString('name'),
    kind: t.field({ type: MentionKindEnum, resolve: (m) => m.entity }),
    rank: t.exposeInt('rank', { nullable: true, description: '1 = named first in a list.' }),
    count: t.exposeInt('count'),
    firstOffset: t.exposeInt('firstOffset'),
    sentiment: t.exposeFloat('sentiment', { nullable: true, description: '−1 … 1' }),
    spans: t.field({
      type: [TextSpanType],
      resolve: (m) => m.spans.map(([start, end]) => ({ start, end })),
    }),
  }),
});

AnswerType.implement({
  description: 'One engine’s answer to one prompt in a run, analysed.',
  fields: (t) => ({
    id: t.exposeID('id'),
    run: t.field({
      type: RunType,
      resolve: async (a, _args, ctx) => {
        const run = await runLoaders(ctx).run.load(a.runId);
        if (!run) throw new Error(`answer ${a.id} without its run`);
        return run;
      },
    }),
    prompt: t.field({
      type: PromptType,
      nullable: true,
      description: 'Null when the prompt was deleted since; promptText keeps its wording.',
      resolve: (a, _args, ctx) => (a.promptId ? runLoaders(ctx).prompt.load(a.promptId) : null),
    }),
    promptText: t.exposeString('promptText'),
    engine: t.exposeString('engine'),
    engineLabel: t.string({ resolve: (a, _args, ctx) => runLoaders(ctx).engineLabel(a.engine) }),
    requestedModel: t.exposeString('requestedModel', { nullable: true }),
    servedModel: t.exposeString('servedModel', { nullable: true }),
    text: t.exposeString('text', { nullable: true, description: 'Null when the query failed.' }),
    error: t.exposeString('error', { nullable: true }),
    citations: t.field({ type: [AnswerCitationType], resolve: (a) => a.citations }),
    mentions: t.field({ type: [AnswerMentionType], resolve: (a) => a.mentions }),
    latencyMs: t.exposeInt('latencyMs', { nullable: true }),
    usage: t.field({
      type: UsageType,
      nullable: true,
      description: 'What the provider reported; null for a failed query or an offline engine.',
      resolve: (a) =>
        a.usage
          ? {
              inputTokens: a.usage.inputTokens ?? null,
              outputTokens: a.usage.outputTokens ?? null,
              searchCalls: a.usage.searchCalls ?? null,
            }
          : null,
    }),
    cost: t.float({
      nullable: true,
      description:
        'US dollars by the price table when it was stored: 0 for the offline engines, null when ' +
        'unknown (a model without a price) or failed.',
      resolve: (a) => (a.error === null ? a.costUsd : null),
    }),
    noOverview: t.boolean({
      description:
        'An answer page (AI Overviews) showed no AI answer for the prompt: `text` is empty and ' +
        'the answer counts as one that mentions no brand.',
      resolve: (a) => a.noOverview,
    }),
    notLocalised: t.boolean({
      description:
        'An offline engine answered a prompt in a language other than English: the local ' +
        'engines answer in English only, so this answer says nothing about how engines answer ' +
        'in that language (docs/engines.md, "Location and web search, per engine").',
      resolve: (a) =>
        findPersona(a.engine) !== undefined && !isEnglish(a.language ?? a.brandLanguage),
    }),
    country: t.exposeString('country', {
      nullable: true,
      description:
        'The country the answer was asked for (ISO 3166 code): the prompt’s, else the brand’s; null when neither names one.',
    }),
    language: t.string({
      description: 'The language the prompt was asked in (primary subtag: de, en).',
      resolve: (a) => a.language ?? a.brandLanguage.split('-')[0]!.toLowerCase(),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AnswerConnectionType = connectionType('Answer', AnswerType);

builder.queryField('answers', (t) =>
  t.field({
    type: AnswerConnectionType,
    authScopes: { member: true },
    description: 'The brand’s answers newest first, optionally of one run, prompt or engine.',
    args: {
      brandId: t.arg.id({ required: true }),
      runId: t.arg.id(),
      promptId: t.arg.id(),
      engine: t.arg.string(),
      first: t.arg.int({ description: '1–100, default 20.' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const page = pageArgs(args, newestFirst);
      const { workspaceId } = await findOwned(ctx, 'Brand', args.brandId, findBrand);
      const runId = args.runId == null ? null : requireIdArg('runId', args.runId);
      const promptId = args.promptId == null ? null : requireIdArg('promptId', args.promptId);
      const rows = await listAnswers(
        ctx.deps.db,
        workspaceId,
        {
          brandId: String(args.brandId),
          runId,
          promptId,
          engine: args.engine ?? null,
        },
        page,
      );
      return page.connection(rows);
    },
  }),
);
