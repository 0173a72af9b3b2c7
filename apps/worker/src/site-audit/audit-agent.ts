/** The user agent every request of a site audit announces: browser-like, plus who is asking. */
export const AUDIT_USER_AGENT =
  'Mozilla/5.0 (compatible; LumenSiteAudit/1.0; +https://github.com/lumen/lumen/blob/main/docs/site-audit.md)';
