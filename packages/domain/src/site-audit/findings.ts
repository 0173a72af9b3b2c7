/** How much a finding costs the brand's visibility in AI answers. */
export type Severity = 'high' | 'medium' | 'low';

export type AuditArea = 'access' | 'llms' | 'sitemap' | 'page';

/**
 * One thing the audit found wrong. `key` names the finding stably across audits (an agent, a
 * page path and a check), so a re-audit updates the same opportunity instead of adding another.
 */
export type Finding = {
  key: string;
  area: AuditArea;
  severity: Severity;
  title: string;
  /** What was seen: the robots.txt line, the missing field, the measured value. */
  evidence: string;
  /** What to do, in plain words. */
  fix: string;
  url: string | null;
};

export const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Most severe first, then by area and key, so the list reads the same on every audit. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      a.area.localeCompare(b.area) ||
      a.key.localeCompare(b.key),
  );
}

/** Findings worth an opportunity: a training-crawler block or a cosmetic issue is not. */
export function isOpportunityWorthy(finding: Finding): boolean {
  return finding.severity !== 'low';
}

const IMPACT: Record<Severity, number> = { high: 90, medium: 60, low: 30 };

/** A finding's impact as an opportunity (0–100, the scale gaps use): by severity. */
export function findingImpact(finding: Finding): number {
  return IMPACT[finding.severity];
}

/** The path of a URL for keys and evidence ("/pricing"). */
export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}
