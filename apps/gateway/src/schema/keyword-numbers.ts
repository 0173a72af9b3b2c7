import type { AnnotationRow } from '@lumen/db/repositories/annotation.repository';
import { builder } from '../builder';
import { brandLoaders } from '../loaders/brand-loaders';
import { metricsLoaders } from '../loaders/metrics-loaders';
import { engineLabels, parseBrandFilter, parseFilter } from '../services/brand-metrics.service';
import {
  type KeywordMatrix,
  type KeywordRun,
  keywordMatrix,
  type MatrixCell,
  type MatrixRow,
  type PromptHistoryPoint,
  promptHistory,
} from '../services/keyword-numbers.service';
import { MetricsFilterInput } from './metrics';
import { BrandType, KeywordType, PromptType } from './refs';
import { RateIntervalType } from './shared';

// A keyword's matrix, a prompt's history and a brand's annotations (docs/metrics.md, "Keyword
// detail" and "Annotations"). Keyword, Prompt and Brand are reached only through the
// workspace-scoped brand(id), so another workspace's rows never get here.

const KeywordRunType = builder.objectRef<KeywordRun>('KeywordRun').implement({
  description: 'A completed run that asked the keyword’s prompts.',
  fields: (t) => ({
    id: t.exposeID('id'),
    date: t.field({ type: 'Date', description: 'The brand’s local day.', resolve: (r) => r.date }),
    startedAt: t.expose('startedAt', { type: 'DateTime' }),
    answers: t.exposeInt('answers'),
  }),
});

const MatrixEngineType = builder
  .objectRef<{ engine: string; label: string }>('MatrixEngine')
  .implement({
    fields: (t) => ({ engine: t.exposeString('engine'), label: t.exposeString('label') }),
  });

const MatrixCellType = builder.objectRef<MatrixCell>('MatrixCell').implement({
  description: 'One engine’s answer to one prompt; answerId null when the run did not ask it.',
  fields: (t) => ({
    engine: t.exposeString('engine'),
    answerId: t.exposeID('answerId', { nullable: true }),
    servedModel: t.exposeString('servedModel', { nullable: true }),
    failed: t.exposeBoolean('failed', { description: 'The engine gave no answer.' }),
    mentioned: t.exposeBoolean('mentioned'),
    rank: t.exposeInt('rank', { nullable: true, description: 'The brand’s best rank.' }),
    cited: t.exposeBoolean('cited', { description: 'One of the brand’s domains is cited.' }),
    competitors: t.exposeInt('competitors', { description: 'Competitors named.' }),
  }),
});

const MatrixRowType = builder.objectRef<MatrixRow>('MatrixRow').implement({
  fields: (t) => ({
    prompt: t.field({ type: PromptType, resolve: (r) => r.prompt }),
    cells: t.field({ type: [MatrixCellType], resolve: (r) => r.cells }),
  }),
});

const KeywordMatrixType = builder.objectRef<KeywordMatrix>('KeywordMatrix').implement({
  description: 'The keyword’s prompts × the brand’s engines in one run.',
  fields: (t) => ({
    run: t.field({ type: KeywordRunType, nullable: true, resolve: (m) => m.run }),
    runs: t.field({
      type: [KeywordRunType],
      description: 'Every run in the range that asked the keyword, newest first.',
      resolve: (m) => m.runs,
    }),
    engines: t.field({ type: [MatrixEngineType], resolve: (m) => m.engines }),
    rows: t.field({ type: [MatrixRowType], resolve: (m) => m.rows }),
  }),
});

const PromptHistoryPointType = builder
  .objectRef<PromptHistoryPoint>('PromptHistoryPoint')
  .implement({
    description: 'One completed run that asked the prompt: its answers over the engines.',
    fields: (t) => ({
      runId: t.exposeID('runId'),
      date: t.field({ type: 'Date', resolve: (p) => p.date }),
      startedAt: t.expose('startedAt', { type: 'DateTime' }),
      answers: t.exposeInt('answers'),
      mentioned: t.exposeInt('mentioned'),
      mentionRate: t.field({ type: RateIntervalType, resolve: (p) => p.mentionRate }),
      averageRank: t.exposeFloat('averageRank', { nullable: true }),
      cited: t.exposeInt('cited', { description: 'Answers citing the brand’s domains.' }),
    }),
  });

builder.objectFields(KeywordType, (t) => ({
  matrix: t.field({
    type: KeywordMatrixType,
    args: {
      filter: t.arg({ type: MetricsFilterInput, required: true }),
      runId: t.arg.id({ description: 'One of `runs`; the latest when left out.' }),
    },
    resolve: async (k, { filter, runId }, ctx) =>
      keywordMatrix(
        ctx,
        k,
        await parseBrandFilter(ctx, k.brandId, filter),
        runId == null ? null : String(runId),
      ),
  }),
}));

builder.objectFields(PromptType, (t) => ({
  history: t.field({
    type: [PromptHistoryPointType],
    args: { filter: t.arg({ type: MetricsFilterInput, required: true }) },
    description: 'Each completed run in the range that asked the prompt, oldest first.',
    resolve: async (p, { filter }, ctx) =>
      promptHistory(ctx, p, await parseBrandFilter(ctx, p.brandId, filter)),
  }),
}));

const AnnotationKindEnum = builder.enumType('AnnotationKind', {
  values: ['SERVED_MODEL', 'PROMPT_SET', 'PUBLISHED', 'METHOD_CHANGED'] as const,
});

function describe(a: AnnotationRow, label: (engine: string) => string) {
  if (a.kind === 'SERVED_MODEL') {
    return {
      title: `${label(a.engine ?? '')} now serves ${a.servedModel}`,
      detail: `was ${a.previousModel}`,
    };
  }
  if (a.kind === 'METHOD_CHANGED') {
    return {
      title: a.title ?? 'Method changed',
      detail: 'The stored answers were analysed again with the new rules.',
    };
  }
  if (a.kind === 'PUBLISHED') {
    return { title: `Published “${a.title ?? 'a page'}”`, detail: a.url };
  }
  const c = a.change;
  const parts = c
    ? [
        c.added && `${c.added} added`,
        c.removed && `${c.removed} removed`,
        c.activated && `${c.activated} activated`,
        c.deactivated && `${c.deactivated} deactivated`,
      ].filter(Boolean)
    : [];
  return {
    title: `Prompts changed: ${parts.join(', ')}`,
    detail: c?.keyword ? `keyword “${c.keyword}”` : null,
  };
}

const AnnotationType = builder.objectRef<AnnotationRow>('Annotation').implement({
  description: 'Something that happened to the brand and may explain a move in its numbers.',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: AnnotationKindEnum, resolve: (a) => a.kind }),
    date: t.field({ type: 'Date', description: 'The brand’s local day.', resolve: (a) => a.day }),
    at: t.expose('at', { type: 'DateTime' }),
    title: t.string({
      resolve: (a, _args, ctx) => {
        const labels = engineLabels(ctx);
        return describe(a, (e) => labels.get(e) ?? e).title;
      },
    }),
    detail: t.string({
      nullable: true,
      resolve: (a) => describe(a, (e) => e).detail ?? null,
    }),
    engine: t.exposeString('engine', { nullable: true }),
    previousModel: t.exposeString('previousModel', { nullable: true }),
    servedModel: t.exposeString('servedModel', { nullable: true }),
    url: t.exposeString('url', { nullable: true }),
    opportunityId: t.exposeID('opportunityId', { nullable: true }),
  }),
});

builder.objectFields(BrandType, (t) => ({
  keyword: t.field({
    type: KeywordType,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    description: 'One of the brand’s keywords; null for any other id.',
    resolve: async (b, { id }, ctx) =>
      (await brandLoaders(ctx).keywords.load(b.id)).find((k) => k.id === String(id)) ?? null,
  }),
  annotations: t.field({
    type: [AnnotationType],
    args: { filter: t.arg({ type: MetricsFilterInput, required: true }) },
    description:
      'Served-model changes, prompt-set changes and published pages in the range, oldest first.',
    resolve: (b, { filter }, ctx) => {
      const { from, to } = parseFilter(filter, b);
      return metricsLoaders(ctx).annotations.load({ brandId: b.id, from, to });
    },
  }),
}));
