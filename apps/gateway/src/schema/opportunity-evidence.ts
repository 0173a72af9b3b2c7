import type { OpportunityRow } from '@lumen/db/repositories/opportunity-query.repository';
import { builder } from '../builder';
import { opportunityLoaders } from '../loaders/opportunity-loaders';
import {
  evidenceExcerpts,
  type evidenceOutline,
  evidenceSources,
  type SourceCount,
} from '../services/opportunity-evidence';
import { CitationOwnerEnum } from './answer';
import { AnswerType } from './refs';
import { TextSpanType } from './shared';

// What an opportunity shows (docs/opportunities.md): the proof from the answers of the run that
// found the gap, and an outline built from them. Opportunity.evidence and Opportunity.outline.

type EntityCount = {
  entityId: string | null;
  name: string;
  count: number;
  bestRank: number | null;
};

const EntityCountType = builder.objectRef<EntityCount>('EntityCount').implement({
  description: 'A competitor named where the brand is missing or behind.',
  fields: (t) => ({
    entityId: t.exposeID('entityId', { nullable: true }),
    name: t.exposeString('name'),
    count: t.exposeInt('count', { description: 'Engines whose answer names it.' }),
    bestRank: t.exposeInt('bestRank', { nullable: true, description: '1 = named first.' }),
  }),
});

const SourceCountType = builder.objectRef<SourceCount>('SourceCount').implement({
  description: 'A domain the engines cite in the answers that show the gap: a place to get into.',
  fields: (t) => ({
    domain: t.exposeString('domain'),
    owner: t.field({ type: CitationOwnerEnum, resolve: (s) => s.owner }),
    ownerName: t.exposeString('ownerName', {
      nullable: true,
      description: 'The competitor that owns the domain, when one does.',
    }),
    count: t.exposeInt('count', { description: 'Citations of the domain in those answers.' }),
    urls: t.exposeStringList('urls'),
  }),
});

type Excerpt = Awaited<ReturnType<typeof evidenceExcerpts>>[number];

const EvidenceExcerptType = builder.objectRef<Excerpt>('EvidenceExcerpt').implement({
  description: 'Where an answer names competitors instead of the brand, highlighted.',
  fields: (t) => ({
    answerId: t.exposeID('answerId'),
    engine: t.exposeString('engine'),
    engineLabel: t.exposeString('engineLabel'),
    text: t.exposeString('text'),
    spans: t.field({ type: [TextSpanType], resolve: (e) => e.spans }),
    names: t.exposeStringList('names', { description: 'Competitors highlighted in the text.' }),
  }),
});

export const OpportunityEvidenceType = builder
  .objectRef<OpportunityRow>('OpportunityEvidence')
  .implement({
    description: 'The proof behind an opportunity, from the answers of the run that found it.',
    fields: (t) => ({
      prompts: t.stringList({
        resolve: (o) => [o.promptText ?? o.title],
        description: 'The prompts where the gap shows.',
      }),
      engines: t.stringList({
        resolve: (o) => o.evidence.engines ?? [],
        description: 'Engines (ids) whose answers show the gap.',
      }),
      totalEngines: t.int({
        resolve: (o) => o.evidence.totalEngines ?? o.evidence.engines?.length ?? 0,
        description: 'Engines that answered the prompt.',
      }),
      competitors: t.field({
        type: [EntityCountType],
        resolve: (o) =>
          (o.evidence.competitors ?? []).map((c) => ({
            entityId: c.entityId,
            name: c.name,
            count: c.engines,
            bestRank: c.bestRank,
          })),
      }),
      sources: t.field({
        type: [SourceCountType],
        resolve: async (o, _args, ctx) =>
          evidenceSources(o, await opportunityLoaders(ctx).answers.load(o)),
      }),
      answers: t.field({
        type: [AnswerType],
        description: 'The answers, in the run that last saw the gap, of the engines that show it.',
        resolve: (o, _args, ctx) => opportunityLoaders(ctx).answers.load(o),
      }),
      excerpts: t.field({
        type: [EvidenceExcerptType],
        resolve: async (o, _args, ctx) => {
          const loaders = opportunityLoaders(ctx);
          return evidenceExcerpts(o, await loaders.answers.load(o), loaders.engineLabel);
        },
      }),
    }),
  });

type Outline = ReturnType<typeof evidenceOutline>;

const OutlineSectionType = builder
  .objectRef<Outline['sections'][number]>('OutlineSection')
  .implement({
    fields: (t) => ({ heading: t.exposeString('heading'), points: t.exposeStringList('points') }),
  });

export const OutlineType = builder.objectRef<Outline>('ContentOutline').implement({
  description: 'A suggested outline built from what the answers that show the gap cover.',
  fields: (t) => ({
    title: t.exposeString('title'),
    sections: t.field({ type: [OutlineSectionType], resolve: (o) => o.sections }),
  }),
});
