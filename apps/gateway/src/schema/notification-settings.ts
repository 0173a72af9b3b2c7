import { builder } from '../builder';
import { activityExtension } from '../services/activity.service';
import {
  type NotificationSettings,
  notificationSettingsOf,
  updateNotificationSettingsIn,
} from '../services/notification-settings.service';

// Workspace-wide notification settings (docs/notifications.md). Everyone reads them (the page
// says what is sent); owners and admins change them.

const NotificationSettingsType = builder
  .objectRef<NotificationSettings>('NotificationSettings')
  .implement({
    fields: (t) => ({
      opportunityAlertImpact: t.exposeInt('opportunityAlertImpact', {
        description:
          'opportunity.created is sent for new opportunities of at least this impact (0–100; 60 by default).',
      }),
    }),
  });

const NotificationSettingsInput = builder.inputType('NotificationSettingsInput', {
  fields: (t) => ({ opportunityAlertImpact: t.int({ required: true }) }),
});

builder.queryField('notificationSettings', (t) =>
  t.field({
    type: NotificationSettingsType,
    authScopes: { member: true },
    resolve: async (_root, _args, ctx) =>
      notificationSettingsOf(ctx.deps, (await ctx.workspace()).id),
  }),
);

builder.mutationField('updateNotificationSettings', (t) =>
  t.field({
    type: NotificationSettingsType,
    authScopes: { owner: true },
    args: { input: t.arg({ type: NotificationSettingsInput, required: true }) },
    extensions: activityExtension('notifications.settings_changed'),
    resolve: async (_root, { input }, ctx) =>
      updateNotificationSettingsIn(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), input),
  }),
);
