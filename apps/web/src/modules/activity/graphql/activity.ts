import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const ActivityEntryFragment = graphql(`
  fragment ActivityEntryFields on ActivityEntry {
    id
    kind
    level
    message
    subjectType
    subjectId
    brandId
    createdAt
    actor {
      type
      id
      name
      email
    }
  }
`);

export const ActivityQuery = graphql(`
  query Activity($filter: ActivityFilter, $first: Int, $after: String) {
    activity(filter: $filter, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...ActivityEntryFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const ActivityFilterOptionsQuery = graphql(`
  query ActivityFilterOptions {
    activityActors {
      type
      id
      name
    }
    brands {
      id
      name
    }
  }
`);

export const ActivityAddedSubscription = graphql(`
  subscription ActivityAdded {
    activityAdded {
      ...ActivityEntryFields
    }
  }
`);
