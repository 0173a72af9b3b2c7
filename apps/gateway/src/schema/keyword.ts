import { recordPromptSetChange } from '@lumen/db/repositories/annotation.repository';
import {
  deleteKeyword,
  findKeyword,
  findPrompt,
  listPromptsOfKeywords,
  updatePromptLabels,
} from '@lumen/db/repositories/keyword.repository';
import { changedFields, quoted } from '@lumen/domain/activity/activity-entry';
import { effectivePlace, PromptPlaceSchema } from '@lumen/domain/places/place';
import { builder } from '../builder';
import { brandLoaders } from '../loaders/brand-loaders';
import { runLoaders } from '../loaders/run-loaders';
import { activityExtension, changeOwned, logActivity } from '../services/activity.service';
import { parseInput } from '../services/brand-rules';
import { addKeywords, addPrompts, setPromptActive } from '../services/brand-setup.service';
import { findOwned } from '../workspace-scope';
import { PlaceType } from './place';
import { KeywordType, PromptType } from './refs';

// A brand's keywords and their prompts (docs/brands.md): the types and their mutations;
// Brand.keywords lists them, and their numbers hang off them from keyword-numbers.ts.

const PromptSourceEnum = builder.enumType('PromptSource', {
  values: ['MANUAL', 'GENERATED', 'IMPORTED'] as const,
});
const PromptKindEnum = builder.enumType('PromptKind', {
  values: {
    BEST: { value: 'best' },
    COMPARISON: { value: 'comparison' },
    ALTERNATIVES: { value: 'alternatives' },
    HOW_TO: { value: 'how-to' },
  } as const,
});

PromptType.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    text: t.exposeString('text'),
    kind: t.field({ type: PromptKindEnum, resolve: (p) => p.kind }),
    branded: t.exposeBoolean('branded', {
      description: 'Names the brand; excluded from the headline metrics by default.',
    }),
    source: t.field({ type: PromptSourceEnum, resolve: (p) => p.source }),
    active: t.exposeBoolean('active'),
    country: t.exposeString('country', {
      nullable: true,
      description: 'The prompt’s own country (ISO 3166 code); null = the brand’s.',
    }),
    language: t.exposeString('language', {
      nullable: true,
      description: 'The prompt’s own language (a code such as de); null = the brand’s.',
    }),
    place: t.field({
      type: PlaceType,
      description:
        'Where the prompt is asked for: its own country and language, else the brand’s. The country is null when neither names one Lumen can read.',
      resolve: async (p, _args, ctx) => {
        const brand = await runLoaders(ctx).brand.load(p.brandId);
        const place = effectivePlace(p, {
          country: brand?.country ?? null,
          language: brand?.language ?? 'en',
        });
        return { country: place.country, language: place.language };
      },
    }),
  }),
});

KeywordType.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    brandId: t.exposeID('brandId'),
    text: t.exposeString('text'),
    topic: t.exposeString('topic', { nullable: true }),
    prompts: t.field({
      type: [PromptType],
      resolve: (k, _args, ctx) => brandLoaders(ctx).prompts.load(k.id),
    }),
  }),
});

const PromptOriginEnum = builder.enumType('PromptOrigin', {
  description: 'Where prompts a person adds come from.',
  values: ['MANUAL', 'IMPORTED'] as const,
});

builder.mutationField('addKeywords', (t) =>
  t.field({
    type: [KeywordType],
    authScopes: { editor: true },
    description:
      'Adds the keywords the brand does not have yet and returns them; each gets generated prompts unless `generate` is false (an import brings its own).',
    args: {
      brandId: t.arg.id({ required: true }),
      texts: t.arg.stringList({ required: true }),
      generate: t.arg.boolean({ defaultValue: true }),
    },
    extensions: activityExtension('keyword.added'),
    resolve: async (_root, { brandId, texts, generate }, ctx) =>
      addKeywords(
        ctx.deps,
        (await ctx.workspace()).id,
        await ctx.acting(),
        String(brandId),
        texts,
        generate ?? true,
      ),
  }),
);

builder.mutationField('removeKeyword', (t) =>
  t.field({
    type: 'ID',
    authScopes: { editor: true },
    description: 'Removes the keyword and its prompts.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('keyword.removed'),
    resolve: async (_root, { id }, ctx) => {
      const acting = await ctx.acting();
      return findOwned(ctx, 'Keyword', id, (db, workspaceId, key) =>
        db.transaction(async (tx) => {
          const keyword = await findKeyword(tx, workspaceId, key);
          if (!keyword) return null;
          const prompts = await listPromptsOfKeywords(tx, workspaceId, [keyword.id]);
          await deleteKeyword(tx, workspaceId, keyword.id);
          // The prompts it stops asking mark the brand's trend (docs/metrics.md, "Annotations").
          await recordPromptSetChange(tx, workspaceId, keyword.brandId, {
            removed: prompts.filter((p) => p.active).length,
            keyword: keyword.text,
          });
          await logActivity(tx, acting, {
            workspaceId,
            kind: 'keyword.removed',
            message: `Removed keyword ${quoted(keyword.text)} and its ${prompts.length} prompts`,
            subjectType: 'keyword',
            subjectId: keyword.id,
            brandId: keyword.brandId,
            data: { keyword: keyword.text, prompts: prompts.length },
          });
          return key;
        }),
      );
    },
  }),
);

builder.mutationField('addPrompts', (t) =>
  t.field({
    type: [PromptType],
    authScopes: { editor: true },
    description:
      'Adds prompts to a keyword; texts the brand already has (ignoring case and punctuation) are skipped. Returns the added ones.',
    args: {
      keywordId: t.arg.id({ required: true }),
      texts: t.arg.stringList({ required: true }),
      origin: t.arg({ type: PromptOriginEnum, defaultValue: 'MANUAL' }),
      country: t.arg.string({
        description:
          'The added prompts’ own country, a two-letter ISO 3166 code; omitted or null = the brand’s.',
      }),
      language: t.arg.string({
        description:
          'The added prompts’ own language, a code such as de or pt-BR; omitted or null = the brand’s.',
      }),
    },
    extensions: activityExtension('prompt.added'),
    resolve: async (_root, { keywordId, texts, origin, country, language }, ctx) =>
      addPrompts(
        ctx.deps,
        (await ctx.workspace()).id,
        await ctx.acting(),
        String(keywordId),
        texts,
        origin ?? 'MANUAL',
        { country, language },
      ),
  }),
);

builder.mutationField('setPromptActive', (t) =>
  t.field({
    type: PromptType,
    authScopes: { editor: true },
    args: { id: t.arg.id({ required: true }), active: t.arg.boolean({ required: true }) },
    extensions: activityExtension('prompt.activated', 'prompt.deactivated'),
    resolve: async (_root, { id, active }, ctx) =>
      setPromptActive(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id), active),
  }),
);

builder.mutationField('updatePrompt', (t) =>
  t.field({
    type: PromptType,
    authScopes: { editor: true },
    description:
      'Corrects a prompt’s kind or branded flag (branded prompts stay out of the headline metrics by default), or sets its own country and language (null: back to the brand’s; omitted: unchanged).',
    args: {
      id: t.arg.id({ required: true }),
      kind: t.arg({ type: PromptKindEnum }),
      branded: t.arg.boolean(),
      country: t.arg.string({
        description: 'A two-letter ISO 3166 code; null = the brand’s country.',
      }),
      language: t.arg.string({
        description: 'A language code such as de or pt-BR; null = the brand’s language.',
      }),
    },
    extensions: activityExtension('prompt.updated'),
    resolve: async (_root, { id, kind, branded, country, language }, ctx) => {
      let before: Record<string, unknown> | null = null;
      // Checked before the prompt is looked up: a bad code is the same answer for any id.
      const place = parseInput(PromptPlaceSchema, { country, language });
      return changeOwned(
        ctx,
        'Prompt',
        id,
        async (db, workspaceId, key) => {
          const prompt = await findPrompt(db, workspaceId, key);
          if (!prompt) return null;
          before = {
            kind: prompt.kind,
            branded: prompt.branded,
            country: prompt.country,
            language: prompt.language,
          };
          return updatePromptLabels(db, workspaceId, key, {
            ...(kind ? { kind } : {}),
            ...(typeof branded === 'boolean' ? { branded } : {}),
            ...(place.country !== undefined ? { country: place.country } : {}),
            ...(place.language !== undefined ? { language: place.language } : {}),
          });
        },
        (p, workspaceId) => ({
          workspaceId,
          kind: 'prompt.updated',
          message: `Relabelled prompt ${quoted(p.text)}`,
          subjectType: 'prompt',
          subjectId: p.id,
          brandId: p.brandId,
          data: changedFields(before ?? {}, {
            kind: p.kind,
            branded: p.branded,
            country: p.country,
            language: p.language,
          }),
        }),
      );
    },
  }),
);
