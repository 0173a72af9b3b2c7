import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const DraftRowFragment = graphql(`
  fragment DraftRow on Draft {
    id
    title
    status
    version
    updatedAt
    approvedAt
    opportunity {
      id
      title
      brandName
    }
    site {
      id
      name
    }
  }
`);

export const DraftsQuery = graphql(`
  query Drafts($filter: DraftFilter, $first: Int, $after: String) {
    drafts(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          ...DraftRow
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const DraftFieldsFragment = graphql(`
  fragment DraftFields on Draft {
    id
    title
    slug
    body
    excerpt
    metaTitle
    metaDescription
    jsonLd
    categories
    tags
    status
    version
    approvedAt
    scheduledFor
    error
    updatedAt
    order {
      id
      writer
      improvedPage {
        url
        title
        body
        fetchedAt
        changes
      }
      template {
        id
        name
        instructions
        structure {
          heading
          guidance
        }
      }
    }
    opportunity {
      id
      title
      brandName
    }
    site {
      id
      name
      url
      categories {
        id
        name
      }
      tags {
        id
        name
      }
    }
    versions {
      version
      title
      generated
      createdAt
    }
  }
`);

export const DraftQuery = graphql(`
  query Draft($id: ID!) {
    draft(id: $id) {
      ...DraftFields
    }
  }
`);

export const DraftUpdatedSubscription = graphql(`
  subscription DraftUpdated($id: ID!) {
    draftUpdated(id: $id) {
      id
      status
      version
      approvedAt
      error
      updatedAt
    }
  }
`);

export const UpdateDraftMutation = graphql(`
  mutation UpdateDraft($id: ID!, $input: DraftInput!, $version: Int!) {
    updateDraft(id: $id, input: $input, version: $version) {
      ...DraftFields
    }
  }
`);

export const RestoreDraftVersionMutation = graphql(`
  mutation RestoreDraftVersion($id: ID!, $restore: Int!, $version: Int!) {
    restoreDraftVersion(id: $id, restore: $restore, version: $version) {
      ...DraftFields
    }
  }
`);

export const SubmitDraftForReviewMutation = graphql(`
  mutation SubmitDraftForReview($id: ID!, $version: Int) {
    submitDraftForReview(id: $id, version: $version) {
      ...DraftFields
    }
  }
`);

export const ApproveDraftMutation = graphql(`
  mutation ApproveDraft($id: ID!, $version: Int) {
    approveDraft(id: $id, version: $version) {
      ...DraftFields
    }
  }
`);

export const ReturnDraftForChangesMutation = graphql(`
  mutation ReturnDraftForChanges($id: ID!, $version: Int) {
    returnDraftForChanges(id: $id, version: $version) {
      ...DraftFields
    }
  }
`);
