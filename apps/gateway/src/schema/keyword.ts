import { recordPromptSetChange } from '@lumen/db/repositories/annotation.repository';
import {
  deleteKeyword,
  findKeyword,
  listPromptsOfKeywords,
  updatePromptLabels,
} from '@lumen/db/repositories/keyword.repository';
import { builder } from '../builder';
import { notFound } from '../errors';
import { isUuid } from '../services/brand-rules';
import { addKeywords, addPrompts, setPromptActive } from '../services/brand-setup.service';
import { KeywordType, PromptKindEnum, PromptType } from './brand-types';

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
    resolve: async (_root, { brandId, texts, generate }, ctx) =>
      addKeywords(ctx.deps, (await ctx.workspace()).id, String(brandId), texts, generate ?? true),
  }),
);

builder.mutationField('removeKeyword', (t) =>
  t.field({
    type: 'ID',
    authScopes: { editor: true },
    description: 'Removes the keyword and its prompts.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const removed =
        isUuid(String(id)) &&
        (await ctx.deps.db.transaction(async (tx) => {
          const keyword = await findKeyword(tx, workspaceId, String(id));
          if (!keyword) return false;
          const prompts = await listPromptsOfKeywords(tx, workspaceId, [keyword.id]);
          await deleteKeyword(tx, workspaceId, keyword.id);
          // The prompts it stops asking mark the brand's trend (docs/metrics.md, "Annotations").
          await recordPromptSetChange(tx, workspaceId, keyword.brandId, {
            removed: prompts.filter((p) => p.active).length,
            keyword: keyword.text,
          });
          return true;
        }));
      if (!removed) throw notFound('Keyword');
      return String(id);
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
    },
    resolve: async (_root, { keywordId, texts, origin }, ctx) =>
      addPrompts(
        ctx.deps,
        (await ctx.workspace()).id,
        String(keywordId),
        texts,
        origin ?? 'MANUAL',
      ),
  }),
);

builder.mutationField('setPromptActive', (t) =>
  t.field({
    type: PromptType,
    authScopes: { editor: true },
    args: { id: t.arg.id({ required: true }), active: t.arg.boolean({ required: true }) },
    resolve: async (_root, { id, active }, ctx) =>
      setPromptActive(ctx.deps, (await ctx.workspace()).id, String(id), active),
  }),
);

builder.mutationField('updatePrompt', (t) =>
  t.field({
    type: PromptType,
    authScopes: { editor: true },
    description:
      'Corrects a prompt’s kind or branded flag (branded prompts stay out of the headline metrics by default).',
    args: {
      id: t.arg.id({ required: true }),
      kind: t.arg({ type: PromptKindEnum }),
      branded: t.arg.boolean(),
    },
    resolve: async (_root, { id, kind, branded }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const prompt = isUuid(String(id))
        ? await updatePromptLabels(ctx.deps.db, workspaceId, String(id), {
            ...(kind ? { kind } : {}),
            ...(typeof branded === 'boolean' ? { branded } : {}),
          })
        : null;
      if (!prompt) throw notFound('Prompt');
      return prompt;
    },
  }),
);
