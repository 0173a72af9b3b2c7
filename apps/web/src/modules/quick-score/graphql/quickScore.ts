import { graphql } from '@lumen/schema/generated/gql';

// One selection for the query, the subscription and the mutation, so the cache entry for a
// QuickScore is always complete whichever operation wrote it last.
/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const QuickScoreFieldsFragment = graphql(`
  fragment QuickScoreFields on QuickScore {
    id
    status
    progress
    brandName
    domain
    industry
    country
    competitors
    createdAt
    completedAt
    expiresAt
    expired
    error
    engines {
      engine
      label
      done
      failed
      total
    }
    result {
      score
      answers
      mentionRate {
        value
        low
        high
      }
      positionWeighted
      shareOfVoice
      citationRate
      averageRank
      sentiment
      engines {
        engine
        label
        score
        mentionRate
        answers
      }
      competitors {
        name
        isBrand
        discovered
        shareOfVoice
        mentionRate
      }
      topSources {
        domain
        citations
        owner
      }
      opportunities {
        title
        type
        impact
        recommendedKind
      }
      sampleAnswers {
        engine
        label
        prompt
        excerpt
        mentioned
        highlights {
          start
          end
        }
      }
      prompts
      formula {
        text
        weights {
          name
          key
          weight
        }
      }
    }
  }
`);

export const StartQuickScoreMutation = graphql(`
  mutation StartQuickScore($input: QuickScoreInput!) {
    startQuickScore(input: $input) {
      ...QuickScoreFields
    }
  }
`);

export const QuickScoreQuery = graphql(`
  query QuickScore($id: ID!) {
    quickScore(id: $id) {
      ...QuickScoreFields
    }
  }
`);

export const QuickScoreUpdatedSubscription = graphql(`
  subscription QuickScoreUpdated($id: ID!) {
    quickScoreUpdated(id: $id) {
      ...QuickScoreFields
    }
  }
`);

export const QuickScoreEnginesQuery = graphql(`
  query QuickScoreEngines {
    quickScoreEngines {
      id
      label
      offline
    }
  }
`);
