import { graphql } from '@lumen/schema/generated/gql';

export const KeywordNumbersQuery = graphql(`
  query KeywordNumbers($id: ID!, $keywordId: ID!, $filter: MetricsFilter!, $runId: ID) {
    brand(id: $id) {
      id
      keyword(id: $keywordId) {
        id
        matrix(filter: $filter, runId: $runId) {
          run {
            id
            date
            startedAt
            answers
          }
          runs {
            id
            date
            startedAt
            answers
          }
          engines {
            engine
            label
          }
          rows {
            prompt {
              id
              text
              branded
              active
              history(filter: $filter) {
                runId
                date
                answers
                mentioned
                mentionRate {
                  value
                }
                averageRank
              }
            }
            cells {
              engine
              answerId
              servedModel
              failed
              mentioned
              rank
              cited
              competitors
            }
          }
        }
      }
    }
  }
`);

export const MatrixAnswerQuery = graphql(`
  query MatrixAnswer($brandId: ID!, $runId: ID!, $promptId: ID!, $engine: String!) {
    answers(brandId: $brandId, runId: $runId, promptId: $promptId, engine: $engine, first: 1) {
      edges {
        node {
          ...AnswerCardFields
        }
      }
    }
  }
`);
