import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const PublishedItemFields = graphql(`
  fragment PublishedItemFields on PublishedItem {
    id
    title
    wpPostId
    url
    status
    publishedVersion
    latestVersion
    updating
    lastError
    publishedAt
    updatedAt
    site {
      id
      name
    }
    ingestion {
      status
      error
      attemptedAt
      readAt
      changedAt
    }
  }
`);

export const PublishedItemsQuery = graphql(`
  query PublishedItems($filter: PublishedItemFilter, $first: Int, $after: String) {
    publishedItems(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          ...PublishedItemFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const UpdatePublishedItemMutation = graphql(`
  mutation UpdatePublishedItem($id: ID!) {
    updatePublishedItem(id: $id) {
      ...PublishedItemFields
    }
  }
`);

export const PublishedItemUpdatedSubscription = graphql(`
  subscription PublishedItemUpdated($id: ID!) {
    publishedItemUpdated(id: $id) {
      ...PublishedItemFields
    }
  }
`);

export const ReingestPublishedItemMutation = graphql(`
  mutation ReingestPublishedItem($id: ID!) {
    reingestPublishedItem(id: $id) {
      ...PublishedItemFields
    }
  }
`);
