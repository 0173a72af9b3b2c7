import { graphql } from '@lumen/schema/generated/gql';

// A brand's site as AI crawlers read it (docs/site-audit.md).

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const SiteAuditFieldsFragment = graphql(`
  fragment SiteAuditFields on SiteAudit {
    id
    status
    trigger
    origin
    done
    total
    step
    score
    formula
    error
    javascriptChecked
    robotsUrl
    robotsState
    createdAt
    finishedAt
    terms {
      key
      label
      weight
      value
      points
    }
    agents {
      agent
      owner
      kind
      purpose
      pages {
        url
        allowed
        line
        lineNumber
      }
    }
    findings {
      key
      area
      severity
      title
      evidence
      fix
      url
    }
    pages {
      url
      role
      status
      error
      title
      javascript
      h1Count
      schemaTypes
      dateModified
      bytes
      ttfbMs
      statistics
      quotations
      citedSources
      readiness
    }
    llms {
      found
      url
      title
      sections
      links
      problems
    }
    sitemap {
      urls
      source
      entries
      problems
    }
  }
`);

export const SiteAuditPageQuery = graphql(`
  query SiteAuditPage($brandId: ID!) {
    brand(id: $brandId) {
      id
      name
      domains
    }
    currentWorkspace {
      id
      role
    }
    siteAudit(brandId: $brandId) {
      ...SiteAuditFields
    }
  }
`);

export const SiteAuditOpportunitiesQuery = graphql(`
  query SiteAuditOpportunities($brandId: ID!) {
    opportunities(filter: { brandId: $brandId, type: [TECHNICAL] }, first: 100) {
      edges {
        node {
          id
          status
          finding {
            key
          }
        }
      }
    }
  }
`);

export const SiteAuditUpdatedSubscription = graphql(`
  subscription SiteAuditUpdated($brandId: ID!) {
    siteAuditUpdated(brandId: $brandId) {
      ...SiteAuditFields
    }
  }
`);

export const RunSiteAuditMutation = graphql(`
  mutation RunSiteAudit($brandId: ID!) {
    runSiteAudit(brandId: $brandId) {
      ...SiteAuditFields
    }
  }
`);

/** "Improve this page" on a key page (docs/publishing.md, "Improving a page that exists"). */
export const ImprovePageMutation = graphql(`
  mutation ImprovePage($brandId: ID!, $url: String!) {
    improvePage(brandId: $brandId, url: $url) {
      id
      status
    }
  }
`);
