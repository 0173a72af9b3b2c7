import { deleteSite, findSite, listSites } from '@lumen/db/repositories/wordpress-site.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import {
  SEO_PLUGINS,
  SITE_STATUSES,
  type SiteCapabilities,
  type WpTerm,
} from '@lumen/domain/publishing/wordpress-site';
import { builder } from '../builder';
import { limitPerUser } from '../http/user-limits';
import { activityExtension, changeOwned } from '../services/activity.service';
import { connectWordPressSite } from '../services/connect-wordpress-site.service';
import { testWordPressSite } from '../services/test-wordpress-site.service';
import { updateWordPressSite } from '../services/update-wordpress-site.service';
import { findOwned, findOwnedOrNull } from '../workspace-scope';
import { WordPressSiteType } from './refs';

// WordPress sites a workspace publishes to (docs/publishing.md). Reading needs `member`;
// connecting, changing and removing a site need `owner` (a setting: it decides where the
// workspace's content goes and holds credentials for another system); checking a site again
// needs `editor` (it changes no setting, only the recorded status).

const SiteStatusEnum = builder.enumType('SiteStatus', {
  values: SITE_STATUSES,
  description: 'CONNECTED: the last check signed in. FAILING: it did not; see lastError.',
});

const SeoPluginEnum = builder.enumType('SeoPlugin', { values: SEO_PLUGINS });

const SiteCapabilitiesType = builder.objectRef<SiteCapabilities>('SiteCapabilities').implement({
  description: 'What the connected user may do on the site, found at the last check.',
  fields: (t) => ({
    canPublishPosts: t.exposeBoolean('canPublishPosts'),
    canUploadFiles: t.exposeBoolean('canUploadFiles'),
    canManageCategories: t.exposeBoolean('canManageCategories', {
      description: 'May create categories and tags.',
    }),
    seoPlugin: t.field({
      type: SeoPluginEnum,
      nullable: true,
      resolve: (c) => c.seoPlugin,
    }),
    seoMetaFields: t.exposeStringList('seoMetaFields', {
      description:
        'The SEO plugin’s title and description meta keys that the REST API accepts (empty: Lumen cannot set them).',
    }),
  }),
});

const WpTermType = builder.objectRef<WpTerm>('WpTerm').implement({
  description: 'A WordPress category or tag.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The term id on the WordPress site.' }),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    count: t.exposeInt('count', { description: 'Posts in it.' }),
  }),
});

WordPressSiteType.implement({
  description: 'A WordPress site. Its application password is never returned.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    url: t.exposeString('url', { description: 'The site’s home address.' }),
    username: t.exposeString('username'),
    status: t.field({ type: SiteStatusEnum, resolve: (s) => s.status }),
    verifiedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When a check last signed in.',
      resolve: (s) => s.verifiedAt,
    }),
    lastError: t.exposeString('lastError', { nullable: true }),
    capabilities: t.field({ type: SiteCapabilitiesType, resolve: (s) => s.capabilities }),
    categories: t.field({ type: [WpTermType], resolve: (s) => s.categories }),
    tags: t.field({ type: [WpTermType], resolve: (s) => s.tags }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ConnectWordPressSiteInput = builder.inputType('ConnectWordPressSiteInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'The site’s home address.' }),
    username: t.string({ required: true }),
    applicationPassword: t.string({
      required: true,
      description: 'Users → Profile → Application Passwords in WordPress. Stored encrypted.',
    }),
    name: t.string({ description: 'Defaults to the site’s title.' }),
  }),
});

const UpdateWordPressSiteInput = builder.inputType('UpdateWordPressSiteInput', {
  fields: (t) => ({
    name: t.string(),
    url: t.string(),
    username: t.string(),
    applicationPassword: t.string({ description: 'Omit to keep the stored one.' }),
  }),
});

builder.queryField('wordPressSites', (t) =>
  t.field({
    type: [WordPressSiteType],
    authScopes: { member: true },
    resolve: async (_root, _args, ctx) => listSites(ctx.deps.db, (await ctx.workspace()).id),
  }),
);

builder.queryField('wordPressSite', (t) =>
  t.field({
    type: WordPressSiteType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s site alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findSite),
  }),
);

builder.mutationField('connectWordPressSite', (t) =>
  t.field({
    type: WordPressSiteType,
    authScopes: { owner: true },
    description:
      'Signs in to the site with the application password and stores the site only when that works.',
    args: { input: t.arg({ type: ConnectWordPressSiteInput, required: true }) },
    extensions: activityExtension('wordpress_site.connected'),
    resolve: async (_root, { input }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      await limitPerUser(ctx, 'wordpressSite');
      const site = await connectWordPressSite(ctx.deps, workspaceId, await ctx.acting(), input);
      ctx.deps.analytics.capture(ctx.user!.id, 'wordpress_site_connected', {
        workspace_id: workspaceId,
        site_id: site.id,
        can_publish: site.capabilities.canPublishPosts,
        seo_plugin: site.capabilities.seoPlugin,
      });
      return site;
    },
  }),
);

builder.mutationField('updateWordPressSite', (t) =>
  t.field({
    type: WordPressSiteType,
    authScopes: { owner: true },
    description: 'A new address, user or password is verified before it is kept.',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateWordPressSiteInput, required: true }),
    },
    extensions: activityExtension('wordpress_site.updated'),
    resolve: async (_root, { id, input }, ctx) => {
      await limitPerUser(ctx, 'wordpressSite');
      const site = await findOwned(ctx, 'WordPress site', id, findSite);
      return updateWordPressSite(ctx.deps, site.workspaceId, await ctx.acting(), site, input);
    },
  }),
);

builder.mutationField('removeWordPressSite', (t) =>
  t.field({
    type: 'ID',
    authScopes: { owner: true },
    description: 'Forgets the site and its password. Nothing is changed on the site itself.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('wordpress_site.removed'),
    resolve: async (_root, { id }, ctx) => {
      const site = await changeOwned(
        ctx,
        'WordPress site',
        id,
        async (db, workspaceId, key) => {
          const found = await findSite(db, workspaceId, key);
          return found && (await deleteSite(db, workspaceId, found.id)) ? found : null;
        },
        (s, workspaceId) => ({
          workspaceId,
          kind: 'wordpress_site.removed',
          message: `Removed the WordPress site ${quoted(s.name)}`,
          subjectType: 'wordpress_site',
          subjectId: s.id,
          data: { url: s.url },
        }),
      );
      return site.id;
    },
  }),
);

builder.mutationField('testWordPressSite', (t) =>
  t.field({
    type: WordPressSiteType,
    authScopes: { editor: true },
    description:
      'Signs in again with the stored password; the site comes back CONNECTED or FAILING with lastError.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('wordpress_site.tested'),
    resolve: async (_root, { id }, ctx) => {
      await limitPerUser(ctx, 'wordpressSite');
      const site = await findOwned(ctx, 'WordPress site', id, findSite);
      return testWordPressSite(ctx.deps, site.workspaceId, await ctx.acting(), site.id);
    },
  }),
);
