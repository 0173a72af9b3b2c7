import type { StoredPreferences } from '@lumen/db/repositories/notification-preference.repository';
import { NOTIFICATION_EVENT_TYPES } from '@lumen/domain/notifications/events';
import { DIGEST_FREQUENCIES } from '@lumen/domain/notifications/preferences';
import { builder } from '../builder';
import type { Context } from '../context';
import { unauthenticated } from '../errors';
import { preferencesOf, updatePreferences } from '../services/notification-preferences.service';

// What the signed-in person gets by email from the current workspace (docs/notifications.md,
// "Email"). Every role has preferences, viewers included (`member`); each person sees and
// changes only their own. Channels for the whole workspace (webhooks, Slack) stay `owner`.

type Preferences = StoredPreferences & { emailConfigured: boolean };

const DigestFrequencyEnum = builder.enumType('DigestFrequency', {
  values: DIGEST_FREQUENCIES,
  description: 'OFF: no digest. DAILY or WEEKLY (Mondays), at digestHour in timezone.',
});

const NotificationPreferencesType = builder
  .objectRef<Preferences>('NotificationPreferences')
  .implement({
    description: 'The signed-in person’s email preferences in the current workspace.',
    fields: (t) => ({
      emailConfigured: t.exposeBoolean('emailConfigured', {
        description:
          'False when this Lumen server has no SMTP_URL: then no notification mail is sent at all.',
      }),
      emailEvents: t.exposeStringList('emailEvents', {
        description: 'The event types emailed to this person.',
      }),
      digestFrequency: t.field({ type: DigestFrequencyEnum, resolve: (p) => p.digestFrequency }),
      digestHour: t.exposeInt('digestHour', { description: '0–23, in timezone.' }),
      timezone: t.exposeString('timezone', {
        description: 'An IANA time zone, e.g. Europe/Berlin.',
      }),
      saved: t.exposeBoolean('saved', {
        description: 'False: the person has not chosen yet, and the defaults apply.',
      }),
    }),
  });

const NotificationPreferencesInput = builder.inputType('NotificationPreferencesInput', {
  fields: (t) => ({
    emailEvents: t.stringList({
      required: true,
      description: `Any of: ${NOTIFICATION_EVENT_TYPES.join(', ')}.`,
    }),
    digestFrequency: t.field({ type: DigestFrequencyEnum, required: true }),
    digestHour: t.int({ required: true }),
    timezone: t.string({ required: true }),
  }),
});

/** The person asking (the `person` scope has refused API keys and the signed-out). */
function personOf(ctx: Context): string {
  if (!ctx.user) throw unauthenticated();
  return ctx.user.id;
}

const withConfigured = (ctx: Context, p: StoredPreferences): Preferences => ({
  ...p,
  emailConfigured: Boolean(ctx.deps.env.SMTP_URL),
});

builder.queryField('notificationPreferences', (t) =>
  t.field({
    type: NotificationPreferencesType,
    authScopes: { person: true },
    resolve: async (_root, _args, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      return withConfigured(ctx, await preferencesOf(ctx.deps.db, workspaceId, personOf(ctx)));
    },
  }),
);

builder.mutationField('updateNotificationPreferences', (t) =>
  t.field({
    type: NotificationPreferencesType,
    authScopes: { person: true },
    args: { input: t.arg({ type: NotificationPreferencesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const saved = await updatePreferences(ctx.deps.db, workspaceId, personOf(ctx), input);
      return withConfigured(ctx, saved);
    },
  }),
);
