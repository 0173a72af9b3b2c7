import { graphql } from '@lumen/schema/generated/gql';

export const RunFieldsFragment = graphql(`
  fragment RunFields on Run {
    id
    trigger
    status
    total
    done
    failed
    score
    scoreChange
    error
    createdAt
    startedAt
    finishedAt
    engines {
      engine
      label
      done
      failed
      total
    }
  }
`);

export const RunQuery = graphql(`
  query Run($id: ID!) {
    run(id: $id) {
      ...RunFields
      brand {
        id
        name
        domains
        competitors {
          id
          name
        }
      }
    }
  }
`);

export const RunUpdatedSubscription = graphql(`
  subscription RunUpdated($id: ID!) {
    runUpdated(id: $id) {
      ...RunFields
    }
  }
`);

export const RunFinishedSubscription = graphql(`
  subscription RunFinished {
    runFinished {
      ...RunFields
      brand {
        id
        name
      }
    }
  }
`);

export const StartRunMutation = graphql(`
  mutation StartRun($brandId: ID!) {
    startRun(brandId: $brandId) {
      ...RunFields
    }
  }
`);

export const CancelRunMutation = graphql(`
  mutation CancelRun($id: ID!) {
    cancelRun(id: $id) {
      ...RunFields
    }
  }
`);

export const RunHistoryQuery = graphql(`
  query RunHistory($brandId: ID!, $after: String) {
    runs(brandId: $brandId, first: 10, after: $after) {
      edges {
        cursor
        node {
          ...RunFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const RunAnswersQuery = graphql(`
  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {
    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {
      edges {
        cursor
        node {
          id
          engine
          engineLabel
          requestedModel
          servedModel
          promptText
          text
          error
          latencyMs
          mentions {
            entityId
            entityName
            kind
            rank
            count
            firstOffset
            spans {
              start
              end
            }
          }
          citations {
            url
            domain
            title
            position
            owner
            entityId
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
