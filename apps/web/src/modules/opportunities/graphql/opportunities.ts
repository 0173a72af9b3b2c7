import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const OpportunityRowFragment = graphql(`
  fragment OpportunityRow on Opportunity {
    id
    type
    title
    impact
    status
    recommendedKind
    promptText
    brandName
    createdAt
    updatedAt
    evidence {
      engines
      totalEngines
      competitors {
        name
        count
      }
    }
  }
`);

export const OpportunitiesQuery = graphql(`
  query Opportunities($filter: OpportunityFilter, $first: Int, $after: String) {
    opportunities(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          ...OpportunityRow
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      statusCounts {
        status
        count
      }
      totalCount
    }
  }
`);

export const OpportunityFilterOptionsQuery = graphql(`
  query OpportunityFilterOptions {
    brands {
      id
      name
      keywords {
        id
        text
      }
    }
    opportunityEngines
    engines {
      id
      label
    }
  }
`);

export const OpportunityDetailQuery = graphql(`
  query OpportunityDetail($id: ID!) {
    opportunity(id: $id) {
      ...OpportunityRow
      resolvedAt
      brand {
        id
        name
      }
      keyword {
        id
        text
      }
      lastRun {
        id
        finishedAt
      }
      finding {
        area
        severity
        title
        evidence
        fix
        url
      }
      outreach {
        url
        domain
        title
        citations
        share
        competitors
        prompts {
          text
          engineLabels
        }
        contact {
          url
          kind
        }
      }
      evidence {
        prompts
        engines
        totalEngines
        competitors {
          entityId
          name
          count
          bestRank
        }
        sources {
          domain
          owner
          ownerName
          count
          urls
        }
        excerpts {
          answerId
          engine
          engineLabel
          text
          spans {
            start
            end
          }
          names
        }
      }
      outline {
        title
        sections {
          heading
          points
        }
      }
      history {
        from
        to
        at
        note
        byName
        run {
          id
        }
      }
    }
  }
`);

export const SetOpportunityStatusMutation = graphql(`
  mutation SetOpportunityStatus($id: ID!, $status: OpportunityStatus!, $note: String) {
    setOpportunityStatus(id: $id, status: $status, note: $note) {
      ...OpportunityRow
      history {
        from
        to
        at
        note
        byName
        run {
          id
        }
      }
    }
  }
`);

export const OpportunityStatsQuery = graphql(`
  query OpportunityStats($brandId: ID, $weeks: Int) {
    opportunityStats(brandId: $brandId, weeks: $weeks) {
      weeks {
        weekStart
        opened
        resolved
        dismissed
      }
      medianHoursToResolve
      resolved
    }
    opportunities(first: 1) {
      statusCounts {
        status
        count
      }
    }
  }
`);

export const OpportunityCountsSubscription = graphql(`
  subscription OpportunityCounts {
    opportunityCounts {
      status
      count
    }
  }
`);

export const AnalyzeGapsMutation = graphql(`
  mutation AnalyzeGaps($brandId: ID!) {
    analyzeGaps(brandId: $brandId) {
      id
      gapAnalysis {
        status
        progress
      }
    }
  }
`);

export const GapAnalysisQuery = graphql(`
  query GapAnalysis($runId: ID!) {
    run(id: $runId) {
      id
      gapAnalysis {
        status
        progress
        created
        updated
        resolved
        reopened
      }
    }
  }
`);
