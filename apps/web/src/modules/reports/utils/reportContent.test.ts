import { describe, expect, it } from 'vitest';
import { parseReportContent, shareStateText } from './reportContent';

describe('parseReportContent', () => {
  it('reads version 1 and refuses anything else', () => {
    expect(
      parseReportContent('{"version":1,"kpis":{},"brand":{"id":"b","name":"Acme"}}')?.brand.name,
    ).toBe('Acme');
    expect(parseReportContent('{"version":2,"kpis":{},"brand":{}}')).toBeNull();
    expect(parseReportContent('not json')).toBeNull();
    expect(parseReportContent('null')).toBeNull();
  });
});

describe('shareStateText', () => {
  it.each([
    [{ state: 'ACTIVE', expiresAt: null }, 'Active, no expiry'],
    [{ state: 'ACTIVE', expiresAt: '2026-12-01T00:00:00Z' }, 'Active until'],
    [{ state: 'REVOKED', expiresAt: null }, 'Revoked'],
    [{ state: 'EXPIRED', expiresAt: '2026-01-01T00:00:00Z' }, 'Expired'],
  ] as const)('%o → %s', (share, text) => expect(shareStateText(share)).toBe(text));
});
