import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const MetricsCoreFragment = graphql(`
  fragment MetricsCore on Metrics {
    answers
    score
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
    change {
      score
      mentionRate
      verdict
      previousScore
      previousAnswers
      previousMentionRate {
        value
      }
    }
  }
`);

/** @fragment one point of a trend chart; the brand's numbers and Analytics spread it. */
export const TrendPointFields = graphql(`
  fragment TrendPointFields on MetricsPoint {
    date
    answers
    score
    mentionRate {
      value
    }
    shareOfVoice
    citationRate
    averageRank
    sentiment
  }
`);

/** @fragment The countries and languages the place filter offers. */
export const BrandPlacesFragment = graphql(`
  fragment BrandPlaces on Brand {
    places {
      country
      countryName
      language
      languageName
      measured
    }
  }
`);

export const BrandNumbersQuery = graphql(`
  query BrandNumbers($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {
    brand(id: $id) {
      id
      ...BrandPlaces
      metrics(filter: $filter) {
        ...MetricsCore
      }
      costByEngine(filter: $filter) {
        engine
        label
        answers
        costUsd
        unpricedAnswers
      }
      trend(filter: $filter, interval: $interval) {
        ...TrendPointFields
      }
      byEngine(filter: $filter) {
        engine
        label
        answers
        score
        mentionRate {
          value
          low
          high
        }
        shareOfVoice
        citationRate
        averageRank
        change {
          score
          mentionRate
          verdict
          previousMentionRate {
            value
          }
        }
      }
      byKeyword(filter: $filter) {
        keywordId
        text
        answers
        score
        mentionRate {
          value
          low
          high
        }
        shareOfVoice
        citationRate
        averageRank
        change {
          score
          mentionRate
          verdict
          previousMentionRate {
            value
          }
        }
      }
      competitorMetrics(filter: $filter) {
        entityId
        name
        kind
        answers
        shareOfVoice
        mentionRate {
          value
        }
        averageRank
      }
      annotations(filter: $filter) {
        id
        kind
        date
        title
        detail
        url
        opportunityId
      }
    }
  }
`);

export const DashboardNumbersQuery = graphql(`
  query DashboardNumbers($week: MetricsFilter!, $month: MetricsFilter!) {
    brands {
      id
      name
      ...BrandPlaces
      latestRun {
        id
        status
      }
      metrics(filter: $week) {
        answers
        score
        mentionRate {
          value
        }
        change {
          score
          mentionRate
          verdict
          previousScore
          previousMentionRate {
            value
          }
        }
      }
      trend(filter: $month) {
        date
        answers
        score
      }
      byEngine(filter: $week) {
        engine
        label
        mentionRate {
          value
        }
        change {
          mentionRate
          verdict
          previousMentionRate {
            value
          }
        }
      }
    }
  }
`);

export const CompetitorBoardQuery = graphql(`
  query CompetitorBoard($filter: MetricsFilter!) {
    brands {
      id
      name
      schedule {
        timezone
      }
      competitorMetrics(filter: $filter) {
        entityId
        name
        kind
        answers
        shareOfVoice
        citationRate
        averageRank
        mentionRate {
          value
          low
          high
        }
        byEngine {
          engine
          label
          shareOfVoice
        }
      }
      discoveredEntities(filter: $filter, first: 10) {
        name
        answers
      }
    }
  }
`);

export const TrackCompetitorMutation = graphql(`
  mutation TrackCompetitor($brandId: ID!, $input: TrackedCompetitorInput!) {
    addCompetitor(brandId: $brandId, input: $input) {
      id
      name
    }
  }
`);

export const AnalyticsBrandsQuery = graphql(`
  query AnalyticsBrands {
    engines {
      id
      label
    }
    brands {
      id
      name
      engines
      ...BrandPlaces
      schedule {
        timezone
      }
      keywords {
        id
        text
      }
    }
  }
`);

export const AnalyticsQuery = graphql(`
  query Analytics($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {
    brand(id: $id) {
      id
      metrics(filter: $filter) {
        ...MetricsCore
      }
      trend(filter: $filter, interval: $interval) {
        ...TrendPointFields
      }
      annotations(filter: $filter) {
        id
        kind
        date
        title
        detail
        url
        opportunityId
      }
      sources(filter: $filter, first: 20) {
        domain
        owner
        citations
        answers
        share
      }
    }
  }
`);
