import { graphql } from '@lumen/schema/generated/gql';

// Choosing a draft's site after ordering (components/DraftSiteChooser.tsx). The answer carries
// the editor's and the publishing card's fields, so both move in Apollo's cache at once.

export const DraftSiteOptionsQuery = graphql(`
  query DraftSiteOptions {
    wordPressSites {
      id
      name
      url
      status
    }
  }
`);

export const SetDraftSiteMutation = graphql(`
  mutation SetDraftSite($id: ID!, $siteId: ID!) {
    setDraftSite(id: $id, siteId: $siteId) {
      ...DraftFields
      ...DraftPublishingFields
    }
  }
`);
