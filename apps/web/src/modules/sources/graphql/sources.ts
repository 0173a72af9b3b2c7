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
