import { graphql } from '@lumen/schema/generated/gql';

// What AI crawlers fetched of the brand's site, from its access logs (docs/crawlers.md).

export const CrawlerStatsQuery = graphql(`
  query CrawlerStats($brandId: ID!, $range: CrawlerRange) {
    crawlerStats(brandId: $brandId, range: $range) {
      from
      to
      rangesSnapshotDate
      days {
        day
        agent
        kind
        hits
      }
      bots {
        agent
        owner
        kind
        verified
        unverified
        unverifiable
        topPages {
          path
          hits
        }
      }
      statuses {
        agent
        status
        statusClass
        hits
      }
      unreadKeyPages {
        url
        role
        path
        lastRead
      }
      citations {
        url
        path
        citations
        firstCitedDay
        fetchedBefore {
          day
          agent
        }
      }
      imports {
        id
        source
        fileName
        format
        lines
        malformed
        verified
        unverified
        unverifiable
        firstDay
        lastDay
        createdAt
      }
    }
  }
`);
