import type { ReportContent } from '@lumen/domain/reports/report-content';

// The report's snapshot arrives as JSON text (`Report.contentJson`); its shape is the domain's
// `ReportContent`, versioned so an old snapshot is recognised rather than misread.

export function parseReportContent(json: string): ReportContent | null {
  try {
    const value = JSON.parse(json) as Partial<ReportContent> | null;
    return value && value.version === 1 && value.kpis && value.brand
      ? (value as ReportContent)
      : null;
  } catch {
    return null;
  }
}

/** The share link's state in words. */
export function shareStateText(share: {
  state: 'ACTIVE' | 'REVOKED' | 'EXPIRED';
  expiresAt: string | null;
}): string {
  if (share.state === 'REVOKED') return 'Revoked';
  if (share.state === 'EXPIRED') return 'Expired';
  return share.expiresAt ? 'Active until' : 'Active, no expiry';
}
