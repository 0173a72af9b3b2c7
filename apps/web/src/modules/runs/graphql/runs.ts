import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const RunFieldsFragment = graphql(`
  fragment RunFields on Run {
    id
    trigger
    status
    total
    samples
    done
    failed
    score
    promptCount
    change {
      score
      verdict
    }
    error
    budgetStopped
    createdAt
    startedAt
    finishedAt
    cost {
      usd
      unpricedAnswers
    }
    usage {
      inputTokens
      outputTokens
      searchCalls
    }
    engines {
      engine
      label
      done
      failed
      total
      costUsd
      unpricedAnswers
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
          ...AnswerCardFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
