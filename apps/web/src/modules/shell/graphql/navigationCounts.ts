import { graphql } from '@lumen/schema/generated/gql';

export const NavigationCountsQuery = graphql(`
  query NavigationCounts {
    navigationCounts {
      brands
      opportunities
      ordersInProgress
      drafts
      published
      sites
    }
  }
`);
