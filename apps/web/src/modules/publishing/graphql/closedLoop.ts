import { graphql } from '@lumen/schema/generated/gql';

export const PublishedItemImpactQuery = graphql(`
  query PublishedItemImpact($id: ID!) {
    publishedItem(id: $id) {
      id
      title
      url
      publishedAt
      site {
        id
        name
      }
      ingestion {
        status
        error
        attemptedAt
        readAt
        changedAt
      }
      impact {
        evidence {
          verdict
          before {
            answers
            mentioned
            mentionRate {
              value
              low
              high
            }
          }
          after {
            answers
            mentioned
            mentionRate {
              value
              low
              high
            }
          }
        }
        enoughData
        reason
        ingestedAt
        remeasureRunId
        engines {
          engine
          label
          verdict
          before {
            value
            low
            high
          }
          after {
            value
            low
            high
          }
          rankBefore
          rankAfter
          citationRateBefore
          citationRateAfter
          beforeSide {
            answers
            runs
          }
          afterSide {
            answers
            runs
          }
        }
      }
    }
  }
`);

export const DraftTitleQuery = graphql(`
  query DraftTitle($id: ID!) {
    draft(id: $id) {
      id
      title
    }
  }
`);

export const PreviewDraftEffectMutation = graphql(`
  mutation PreviewDraftEffect($id: ID!) {
    previewDraftEffect(id: $id) {
      draftId
      simulated
      label
      pageUrl
      results {
        promptId
        prompt
        engine
        engineLabel
        mentionedBefore
        mentionedAfter
        rankBefore
        rankAfter
        excerptBefore
        excerptAfter
        answerBefore
        answerAfter
        shareBefore
        shareAfter
        citesDraft
        brandSpansBefore {
          start
          end
        }
        brandSpansAfter {
          start
          end
        }
      }
    }
  }
`);
