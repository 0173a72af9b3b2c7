import { graphql } from '@lumen/schema/generated/gql';

// The sites a brand's answers cite, by kind, with a workspace's corrections (docs/sources.md).

export const SourcesPageQuery = graphql(`
  query SourcesPage($brandId: ID!, $range: MetricsFilter!) {
    brand(id: $brandId) {
      id
      name
    }
    currentWorkspace {
      id
      role
    }
    sources(brandId: $brandId, range: $range) {
      domain
      kind
      kindOrigin
      kindRule
      citations
      answers
      share
      engines {
        engine
        label
        citations
      }
      prompts {
        text
        citations
        engines
      }
      trend {
        day
        citations
      }
    }
  }
`);

export const SetSourceKindMutation = graphql(`
  mutation SetSourceKind($domain: String!, $kind: SourceKind) {
    setSourceKind(domain: $domain, kind: $kind) {
      domain
      kind
      kindOrigin
    }
  }
`);

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const CitedPageScanFields = graphql(`
  fragment CitedPageScanFields on CitedPageScan {
    id
    status
    done
    total
    failed
    error
    finishedAt
  }
`);

/** "Cites them, not us": cited pages that name competitors but not the brand. */
export const SourceOutreachQuery = graphql(`
  query SourceOutreach($brandId: ID!, $range: MetricsFilter!) {
    sourceOutreach(brandId: $brandId, range: $range) {
      citedPages
      readPages
      scan {
        ...CitedPageScanFields
      }
      pages {
        url
        domain
        kind
        title
        citations
        share
        score
        engineLabels
        competitors
        prompts {
          text
          engineLabels
        }
        contact {
          url
          kind
        }
        opportunityId
      }
    }
  }
`);

export const CitedPageScanUpdatedSubscription = graphql(`
  subscription CitedPageScanUpdated($brandId: ID!) {
    citedPageScanUpdated(brandId: $brandId) {
      ...CitedPageScanFields
    }
  }
`);

export const ReadCitedPagesMutation = graphql(`
  mutation ReadCitedPages($brandId: ID!) {
    readCitedPages(brandId: $brandId) {
      ...CitedPageScanFields
    }
  }
`);
