import { graphql } from '@lumen/schema/generated/gql';

// The draft editor's publishing card (components/PublishControls.tsx).

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const DraftPublishingFields = graphql(`
  fragment DraftPublishingFields on Draft {
    id
    status
    version
    scheduledFor
    error
    site {
      id
      name
      status
      lastError
    }
    publishedItem {
      ...PublishedItemFields
    }
  }
`);

export const DraftPublishingQuery = graphql(`
  query DraftPublishing($id: ID!) {
    draft(id: $id) {
      ...DraftPublishingFields
    }
  }
`);

export const DraftPublishingUpdatedSubscription = graphql(`
  subscription DraftPublishingUpdated($id: ID!) {
    draftUpdated(id: $id) {
      ...DraftPublishingFields
    }
  }
`);

export const PublishDraftMutation = graphql(`
  mutation PublishDraft($id: ID!, $at: DateTime) {
    publishDraft(id: $id, at: $at) {
      ...DraftPublishingFields
    }
  }
`);

export const UnscheduleDraftMutation = graphql(`
  mutation UnscheduleDraft($id: ID!) {
    unscheduleDraft(id: $id) {
      ...DraftPublishingFields
    }
  }
`);
