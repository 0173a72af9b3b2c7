import { graphql } from '@lumen/schema/generated/gql';

export const RunEstimateQuery = graphql(`
  query RunEstimate($brandId: ID, $engines: [String!], $samples: Int, $prompts: Int) {
    costEstimate(brandId: $brandId, engines: $engines, samples: $samples, prompts: $prompts) {
      answers
      costUsd
      unpricedEngines
      byEngine {
        engine
        label
        answers
        costUsd
      }
    }
    currentWorkspace {
      id
      usage {
        month
        budget {
          budgetUsd
          spentUsd
          heldUsd
        }
      }
    }
  }
`);
