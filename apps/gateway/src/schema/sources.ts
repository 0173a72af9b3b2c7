import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  listSourceCorrections,
  setSourceCorrection,
} from '@lumen/db/repositories/source.repository';
import {
  createSourceClassifier,
  domainLineage,
  SOURCE_KIND_ORIGINS,
  SOURCE_KINDS,
  type SourceClassification,
  type SourceKind,
  sourceDomainOf,
} from '@lumen/domain/sources/source-kinds';
import { builder } from '../builder';
import { badInput } from '../errors';
import { activityExtension, logActivity } from '../services/activity.service';
import { parseFilter } from '../services/brand-metrics.service';
import { brandSourceRows, type SourceRow } from '../services/sources.service';
import { findOwned } from '../workspace-scope';
import { MetricsFilterInput } from './metrics';

// Which sites a brand's answers cite, of what kind, and a workspace's corrections of those kinds
// (docs/sources.md).

const enumValues = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v }])) as Record<
    Uppercase<T>,
    { value: T }
  >;

export const SourceKindEnum = builder.enumType('SourceKind', {
  description:
    'OWNED: the brand’s domains; COMPETITOR: a tracked competitor’s; EDITORIAL: publishers, review and comparison sites; UGC: forums, Reddit, YouTube, Q&A; REFERENCE: encyclopaedias, documentation, standards, official sites; OTHER: none of these.',
  values: enumValues(SOURCE_KINDS),
});

const SourceKindOriginEnum = builder.enumType('SourceKindOrigin', {
  description:
    'Where a kind came from, highest precedence first: the workspace’s CORRECTION, the brand’s (OWNED) or a competitor’s (COMPETITOR) domains, Lumen’s LIST, a HEURISTIC on the host’s shape, or the DEFAULT.',
  values: enumValues(SOURCE_KIND_ORIGINS),
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type Classified = { domain: string; classification: SourceClassification };

const classificationFields = <T extends Classified>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>,
) => ({
  domain: t.string({ resolve: (s) => s.domain }),
  kind: t.field({ type: SourceKindEnum, resolve: (s) => s.classification.kind }),
  kindOrigin: t.field({
    type: SourceKindOriginEnum,
    resolve: (s) => s.classification.source,
  }),
  kindRule: t.string({
    nullable: true,
    description:
      'What decided: the corrected or listed domain, the brand’s name, or the heuristic.',
    resolve: (s) => s.classification.rule ?? null,
  }),
});

const SourceEngineType = builder.objectRef<SourceRow['engines'][number]>('SourceEngine').implement({
  fields: (t) => ({
    engine: t.exposeString('engine'),
    label: t.exposeString('label'),
    citations: t.exposeInt('citations'),
    answers: t.exposeInt('answers'),
  }),
});

const SourcePromptType = builder.objectRef<SourceRow['prompts'][number]>('SourcePrompt').implement({
  fields: (t) => ({
    text: t.exposeString('text'),
    citations: t.exposeInt('citations'),
    engines: t.exposeStringList('engines'),
  }),
});

const SourceDayType = builder.objectRef<SourceRow['trend'][number]>('SourceDay').implement({
  fields: (t) => ({
    day: t.field({ type: 'Date', resolve: (d) => d.day }),
    citations: t.exposeInt('citations'),
  }),
});

const SourceType = builder.objectRef<SourceRow>('Source').implement({
  description: 'A domain the brand’s answers cited in the period, with its kind and who cites it.',
  fields: (t) => ({
    ...classificationFields(t),
    citations: t.exposeInt('citations'),
    answers: t.exposeInt('answers', { description: 'Answers citing the domain at least once.' }),
    share: t.exposeFloat('share', { description: 'Its share of every citation, 0–1.' }),
    engines: t.field({ type: [SourceEngineType], resolve: (s) => s.engines }),
    prompts: t.field({
      type: [SourcePromptType],
      description: 'The prompts whose answers cited it, most citations first (five at most).',
      resolve: (s) => s.prompts,
    }),
    trend: t.field({
      type: [SourceDayType],
      description: 'Its citations on each day of the period that has answers.',
      resolve: (s) => s.trend,
    }),
  }),
});

const SourceClassificationType = builder
  .objectRef<Classified>('SourceClassification')
  .implement({ fields: (t) => classificationFields(t) });

builder.queryField('sources', (t) =>
  t.field({
    type: [SourceType],
    authScopes: { member: true },
    description:
      'The domains the brand’s answers cited in the period, most citations first, optionally of one kind (docs/sources.md).',
    args: {
      brandId: t.arg.id({ required: true }),
      range: t.arg({ type: MetricsFilterInput, required: true }),
      kind: t.arg({ type: SourceKindEnum }),
    },
    resolve: async (_root, { brandId, range, kind }, ctx) => {
      const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
      return brandSourceRows(ctx, brand, parseFilter(range, brand), kind ?? null);
    },
  }),
);

builder.mutationField('setSourceKind', (t) =>
  t.field({
    type: SourceClassificationType,
    authScopes: { editor: true },
    description:
      'Corrects the kind of a domain (and its subdomains) for the whole workspace; a null kind removes the correction. Returns the kind the domain now has outside any brand.',
    args: {
      domain: t.arg.string({ required: true }),
      kind: t.arg({ type: SourceKindEnum }),
    },
    extensions: activityExtension('source.kind_set'),
    resolve: async (_root, args, ctx) => {
      const domain = sourceDomainOf(args.domain);
      if (!domain)
        throw badInput([
          { path: ['domain'], message: 'Enter a domain such as g2.com, or a URL on it.' },
        ]);
      const kind: SourceKind | null = args.kind ?? null;
      const workspace = await ctx.workspace();
      const acting = await ctx.acting();
      // The corrections that can apply to this domain: its own and its parent domains'.
      const lineage = domainLineage(domain);
      const applying = await ctx.deps.db.transaction(async (tx) => {
        const current = await listSourceCorrections(tx, workspace.id, lineage);
        const before = current.find((c) => c.domain === domain);
        const actor = await acting.actor(tx);
        await setSourceCorrection(tx, workspace.id, domain, kind, actor.name);
        if ((before?.kind ?? null) !== kind)
          await logActivity(tx, acting, {
            workspaceId: workspace.id,
            kind: 'source.kind_set',
            message:
              kind === null
                ? `Source kind of ${domain} set back to Lumen’s`
                : `Source ${domain} marked as ${kind}`,
            subjectType: 'source',
            subjectId: null,
            data: { domain, kind: { from: before?.kind ?? null, to: kind } },
          });
        const after = new Map(current.map((c) => [c.domain, c.kind]));
        if (kind === null) after.delete(domain);
        else after.set(domain, kind);
        return after;
      });
      const classify = createSourceClassifier({ corrections: applying });
      return { domain, classification: classify(domain) };
    },
  }),
);
