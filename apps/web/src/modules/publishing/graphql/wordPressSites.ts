import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const WordPressSiteFields = graphql(`
  fragment WordPressSiteFields on WordPressSite {
    id
    name
    url
    username
    status
    verifiedAt
    lastError
    capabilities {
      canPublishPosts
      seoPlugin
      seoMetaFields
    }
    categories {
      id
    }
    tags {
      id
    }
  }
`);

export const WordPressSitesQuery = graphql(`
  query WordPressSites {
    wordPressSites {
      ...WordPressSiteFields
    }
  }
`);

export const ConnectWordPressSiteMutation = graphql(`
  mutation ConnectWordPressSite($input: ConnectWordPressSiteInput!) {
    connectWordPressSite(input: $input) {
      ...WordPressSiteFields
    }
  }
`);

export const TestWordPressSiteMutation = graphql(`
  mutation TestWordPressSite($id: ID!) {
    testWordPressSite(id: $id) {
      ...WordPressSiteFields
    }
  }
`);

export const RemoveWordPressSiteMutation = graphql(`
  mutation RemoveWordPressSite($id: ID!) {
    removeWordPressSite(id: $id)
  }
`);

export const UpdateWordPressSiteMutation = graphql(`
  mutation UpdateWordPressSite($id: ID!, $input: UpdateWordPressSiteInput!) {
    updateWordPressSite(id: $id, input: $input) {
      ...WordPressSiteFields
    }
  }
`);
