import { findDraftTarget } from '@lumen/db/repositories/closed-loop.repository';
import { builder } from '../builder';
import { limitPerUser } from '../http/user-limits';
import { previewDraftEffect } from '../services/preview-draft-effect.service';
import { findOwned } from '../workspace-scope';
import { TextSpanType } from './shared';

// The what-if preview of a draft (docs/closed-loop.md, "What-if preview"): a mutation because it
// runs every local engine, not because it changes anything; nothing is stored.

type Result = Awaited<ReturnType<typeof previewDraftEffect>>;
type Row = Result['results'][number];

const spans = (list: readonly [number, number][]) => list.map(([start, end]) => ({ start, end }));

const DraftPreviewResultType = builder.objectRef<Row>('DraftPreviewResult').implement({
  description: 'One local engine’s answer to one targeted prompt, without and with the draft.',
  fields: (t) => ({
    promptId: t.exposeID('promptId'),
    prompt: t.exposeString('prompt'),
    engine: t.exposeString('engine'),
    engineLabel: t.exposeString('engineLabel'),
    mentionedBefore: t.boolean({ resolve: (r) => r.before.mentioned }),
    mentionedAfter: t.boolean({ resolve: (r) => r.after.mentioned }),
    rankBefore: t.int({ nullable: true, resolve: (r) => r.before.rank }),
    rankAfter: t.int({ nullable: true, resolve: (r) => r.after.rank }),
    excerptBefore: t.string({ resolve: (r) => r.before.excerpt }),
    excerptAfter: t.string({ resolve: (r) => r.after.excerpt }),
    answerBefore: t.string({ resolve: (r) => r.before.text }),
    answerAfter: t.string({ resolve: (r) => r.after.text }),
    brandSpansBefore: t.field({
      type: [TextSpanType],
      description: 'Where the brand is named in answerBefore.',
      resolve: (r) => spans(r.before.brandSpans),
    }),
    brandSpansAfter: t.field({
      type: [TextSpanType],
      description: 'Where the brand is named in answerAfter.',
      resolve: (r) => spans(r.after.brandSpans),
    }),
    shareBefore: t.float({
      description:
        'The brand’s position-adjusted word share of the answer (GEO, Aggarwal et al. 2024), 0–1.',
      resolve: (r) => r.before.share,
    }),
    shareAfter: t.float({ resolve: (r) => r.after.share }),
    citesDraft: t.boolean({
      description: 'The answer with the draft cites the draft’s page.',
      resolve: (r) => r.after.citesDraft,
    }),
  }),
});

const DraftPreviewType = builder.objectRef<Result>('DraftPreview').implement({
  description:
    'A simulation by the offline engines: the corpus with the draft added, for this request only.',
  fields: (t) => ({
    draftId: t.exposeID('draftId'),
    simulated: t.boolean({ description: 'Always true.', resolve: () => true }),
    label: t.exposeString('label'),
    pageUrl: t.exposeString('pageUrl', {
      description: 'The address the draft stands at in the simulation.',
    }),
    results: t.field({ type: [DraftPreviewResultType], resolve: (p) => p.results }),
  }),
});

builder.mutationField('previewDraftEffect', (t) =>
  t.field({
    type: DraftPreviewType,
    authScopes: { editor: true },
    description:
      'The local engines answer the draft’s targeted prompts without and with the draft in a temporary view of their corpus. Nothing is stored.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await limitPerUser(ctx, 'draftPreview');
      const draft = await findOwned(ctx, 'Draft', id, findDraftTarget);
      return previewDraftEffect(ctx.deps.db, draft);
    },
  }),
);
