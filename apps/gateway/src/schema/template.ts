import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  updateTemplate,
} from '@lumen/db/repositories/template.repository';
import { changedFields, quoted } from '@lumen/domain/activity/activity-entry';
import {
  BUILT_IN_READ_ONLY_MESSAGE,
  TemplateInputSchema,
  type TemplateSection,
} from '@lumen/domain/publishing/template';
import { builder } from '../builder';
import { badInput, LumenError, notFound } from '../errors';
import { activityExtension, logActivity } from '../services/activity.service';
import { findOwned, findOwnedOrNull } from '../workspace-scope';
import { ContentKindEnum } from './opportunity';
import { TemplateType } from './refs';

// Content templates (docs/publishing.md, "Templates"). Built-in ones (workspace_id null) are
// shared and read-only; a workspace's own can be created, changed and deleted. Reading needs
// `member`, changing `editor`.

const TemplateSectionType = builder.objectRef<TemplateSection>('TemplateSection').implement({
  description: 'One section of the piece a template writes, in order.',
  fields: (t) => ({
    heading: t.exposeString('heading'),
    guidance: t.exposeString('guidance', { description: 'What the section should contain.' }),
  }),
});

TemplateType.implement({
  description: 'How a piece of content is structured and written.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    kind: t.field({ type: ContentKindEnum, resolve: (tpl) => tpl.kind }),
    builtIn: t.boolean({
      description: 'Shared by every workspace and read-only.',
      resolve: (tpl) => tpl.workspaceId === null,
    }),
    structure: t.field({
      type: [TemplateSectionType],
      resolve: (tpl) => tpl.structure.sections,
    }),
    instructions: t.exposeString('instructions', {
      description: 'Guidance for the writer (or the model) for the whole piece.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const TemplateSectionInput = builder.inputType('TemplateSectionInput', {
  fields: (t) => ({
    heading: t.string({ required: true }),
    guidance: t.string({ required: true }),
  }),
});

const TemplateInput = builder.inputType('TemplateInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    kind: t.field({ type: ContentKindEnum, required: true }),
    instructions: t.string({ required: true }),
    structure: t.field({ type: [TemplateSectionInput], required: true }),
  }),
});

type RawInput = {
  name: string;
  kind: string;
  instructions: string;
  structure: readonly { heading: string; guidance: string }[];
};

function parseInput(input: RawInput) {
  const parsed = TemplateInputSchema.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const { structure, ...rest } = parsed.data;
  return { ...rest, sections: structure };
}

/** One of the workspace's own templates; a built-in one is visible but read-only. */
async function findCustom(ctx: Parameters<typeof findOwned>[0], id: string | number) {
  const template = await findOwned(ctx, 'Template', id, findTemplate);
  if (template.workspaceId === null) throw new LumenError('FORBIDDEN', BUILT_IN_READ_ONLY_MESSAGE);
  return { ...template, workspaceId: template.workspaceId };
}

builder.queryField('templates', (t) =>
  t.field({
    type: [TemplateType],
    authScopes: { member: true },
    description: 'The built-in templates, then the workspace’s own.',
    resolve: async (_root, _args, ctx) => listTemplates(ctx.deps.db, (await ctx.workspace()).id),
  }),
);

builder.queryField('template', (t) =>
  t.field({
    type: TemplateType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s template alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findTemplate),
  }),
);

builder.mutationField('createTemplate', (t) =>
  t.field({
    type: TemplateType,
    authScopes: { editor: true },
    args: { input: t.arg({ type: TemplateInput, required: true }) },
    extensions: activityExtension('template.created'),
    resolve: async (_root, { input }, ctx) => {
      const values = parseInput(input);
      const workspaceId = (await ctx.workspace()).id;
      const acting = await ctx.acting();
      return ctx.deps.db.transaction(async (tx) => {
        const row = await insertTemplate(tx, workspaceId, values);
        await logActivity(tx, acting, {
          workspaceId,
          kind: 'template.created',
          message: `Created the template ${quoted(row.name)}`,
          subjectType: 'template',
          subjectId: row.id,
          data: { kind: row.kind },
        });
        return row;
      });
    },
  }),
);

builder.mutationField('updateTemplate', (t) =>
  t.field({
    type: TemplateType,
    authScopes: { editor: true },
    description: 'Replaces every field of a custom template. Built-in ones answer FORBIDDEN.',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: TemplateInput, required: true }),
    },
    extensions: activityExtension('template.updated'),
    resolve: async (_root, { id, input }, ctx) => {
      const template = await findCustom(ctx, id);
      const values = parseInput(input);
      const acting = await ctx.acting();
      const workspaceId = (await ctx.workspace()).id;
      return ctx.deps.db.transaction(async (tx) => {
        const row = await updateTemplate(tx, workspaceId, template.id, values);
        if (!row) throw notFound('Template');
        await logActivity(tx, acting, {
          workspaceId,
          kind: 'template.updated',
          message: `Edited the template ${quoted(row.name)}`,
          subjectType: 'template',
          subjectId: row.id,
          data: changedFields(
            { name: template.name, kind: template.kind },
            { name: row.name, kind: row.kind },
          ),
        });
        return row;
      });
    },
  }),
);

builder.mutationField('deleteTemplate', (t) =>
  t.field({
    type: 'ID',
    authScopes: { editor: true },
    description:
      'Deletes a custom template; orders made with it keep their drafts. Built-in ones answer FORBIDDEN.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('template.deleted'),
    resolve: async (_root, { id }, ctx) => {
      const template = await findCustom(ctx, id);
      const acting = await ctx.acting();
      const workspaceId = (await ctx.workspace()).id;
      await ctx.deps.db.transaction(async (tx) => {
        if (!(await deleteTemplate(tx, workspaceId, template.id))) throw notFound('Template');
        await logActivity(tx, acting, {
          workspaceId,
          kind: 'template.deleted',
          message: `Deleted the template ${quoted(template.name)}`,
          subjectType: 'template',
          subjectId: template.id,
          data: { name: template.name },
        });
      });
      return template.id;
    },
  }),
);
