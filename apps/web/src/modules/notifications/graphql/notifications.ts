import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const DeliveryFields = graphql(`
  fragment DeliveryFields on WebhookDelivery {
    id
    eventId
    type
    attempt
    statusCode
    ok
    durationMs
    response
    createdAt
  }
`);

export const NotificationsAccessQuery = graphql(`
  query NotificationsAccess {
    currentWorkspace {
      id
      role
    }
  }
`);

export const ChannelsQuery = graphql(`
  query NotificationChannels {
    webhooks {
      id
      url
      events
      status
      createdAt
      deliveries(first: 10) {
        ...DeliveryFields
      }
    }
    slackChannels {
      id
      urlHint
      events
      status
      createdAt
      deliveries(first: 10) {
        ...DeliveryFields
      }
    }
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation CreateWebhook($input: WebhookInput!) {
    createWebhook(input: $input) {
      secret
      webhook {
        id
      }
    }
  }
`);

export const CreateSlackChannelMutation = graphql(`
  mutation CreateSlackChannel($input: SlackChannelInput!) {
    createSlackChannel(input: $input) {
      id
    }
  }
`);

export const SendWebhookTestMutation = graphql(`
  mutation SendWebhookTest($id: ID!) {
    sendTestEvent(webhookId: $id) {
      ...DeliveryFields
    }
  }
`);

export const SendSlackTestMutation = graphql(`
  mutation SendSlackTest($id: ID!) {
    sendSlackTest(channelId: $id) {
      ...DeliveryFields
    }
  }
`);

export const RedeliverMutation = graphql(`
  mutation Redeliver($id: ID!) {
    redeliver(deliveryId: $id) {
      ...DeliveryFields
    }
  }
`);

export const DeleteWebhookMutation = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

export const DeleteSlackChannelMutation = graphql(`
  mutation DeleteSlackChannel($id: ID!) {
    deleteSlackChannel(id: $id)
  }
`);

export const NotificationPreferencesQuery = graphql(`
  query NotificationPreferences {
    notificationPreferences {
      emailConfigured
      emailEvents
      digestFrequency
      digestHour
      timezone
      saved
    }
  }
`);

export const UpdateNotificationPreferencesMutation = graphql(`
  mutation UpdateNotificationPreferences($input: NotificationPreferencesInput!) {
    updateNotificationPreferences(input: $input) {
      emailConfigured
      emailEvents
      digestFrequency
      digestHour
      timezone
      saved
    }
  }
`);

export const NotificationSettingsQuery = graphql(`
  query NotificationSettings {
    notificationSettings {
      opportunityAlertImpact
    }
  }
`);

export const UpdateNotificationSettingsMutation = graphql(`
  mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {
    updateNotificationSettings(input: $input) {
      opportunityAlertImpact
    }
  }
`);
