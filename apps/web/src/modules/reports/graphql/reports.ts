import { graphql } from '@lumen/schema/generated/gql';

// Brand reports, their share links and schedule, and the workspace's white label
// (docs/reports.md).

/** @fragment */
export const ReportShareFields = graphql(`
  fragment ReportShareFields on ReportShare {
    id
    createdAt
    expiresAt
    revokedAt
    views
    state
  }
`);

export const BrandReportsQuery = graphql(`
  query BrandReports($brandId: ID!) {
    brand(id: $brandId) {
      id
      name
      reportSchedule {
        id
        cadence
        recipients
        lastSend {
          period
          status
          failure
          sentAt
        }
      }
    }
    currentWorkspace {
      id
      role
    }
    reports(brandId: $brandId) {
      id
      from
      to
      createdAt
      scheduled
      score
      shares {
        id
        state
      }
    }
  }
`);

export const ReportPageQuery = graphql(`
  query ReportPage($id: ID!) {
    report(id: $id) {
      id
      brandId
      brandName
      from
      to
      createdAt
      scheduled
      contentJson
      shares {
        ...ReportShareFields
      }
    }
    reportBranding {
      agencyName
      accentColor
      logoDataUrl
      hideLumen
    }
    currentWorkspace {
      id
      role
    }
  }
`);

export const CreateReportMutation = graphql(`
  mutation CreateReport($brandId: ID!, $from: Date!, $to: Date!) {
    createReport(brandId: $brandId, from: $from, to: $to) {
      id
    }
  }
`);

export const ShareReportMutation = graphql(`
  mutation ShareReport($reportId: ID!, $expiresInDays: Int) {
    shareReport(reportId: $reportId, expiresInDays: $expiresInDays) {
      url
      share {
        ...ReportShareFields
      }
    }
  }
`);

export const RevokeShareMutation = graphql(`
  mutation RevokeShare($id: ID!) {
    revokeShare(id: $id) {
      ...ReportShareFields
    }
  }
`);

export const ScheduleReportMutation = graphql(`
  mutation ScheduleReport($brandId: ID!, $cadence: ReportCadence!, $recipients: [String!]!) {
    scheduleReport(brandId: $brandId, cadence: $cadence, recipients: $recipients) {
      id
      cadence
      recipients
    }
  }
`);

export const ReportBrandingQuery = graphql(`
  query ReportBrandingSettings {
    reportBranding {
      agencyName
      accentColor
      logoUrl
      logoDataUrl
      hideLumen
    }
    currentWorkspace {
      id
      role
    }
  }
`);

export const SetReportBrandingMutation = graphql(`
  mutation SetReportBranding($input: ReportBrandingInput!) {
    setReportBranding(input: $input) {
      agencyName
      accentColor
      logoUrl
      logoDataUrl
      hideLumen
    }
  }
`);
