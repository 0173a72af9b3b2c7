import { graphql } from '@lumen/schema/generated/gql';

export const DashboardActivityQuery = graphql(`
  query DashboardActivity {
    recentRuns(first: 6) {
      ...RunFields
      brand {
        id
        name
      }
    }
    opportunities(filter: { status: [NEW, PLANNED, IN_PROGRESS] }, first: 5) {
      edges {
        node {
          id
          title
          impact
          status
          type
          brandName
          promptText
        }
      }
      totalCount
    }
  }
`);
