import { graphql } from '@lumen/schema/generated/gql';

// The agency view (docs/reports.md, "Agency view"): every brand of every workspace of the person.

export const AgencyOverviewQuery = graphql(`
  query AgencyOverview($range: AgencyRange!) {
    agencyOverview(range: $range) {
      id
      name
      role
      personal
      brands {
        id
        name
        workspaceId
        from
        to
        openOpportunities
        metrics {
          answers
          score
          change {
            score
            mentionRate
            verdict
          }
        }
      }
    }
  }
`);
