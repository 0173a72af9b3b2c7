import { describe, expect, it } from 'vitest';
import { auditPercent, isOpenAudit, pathOf, robotsText } from './siteAuditView';

describe('siteAuditView', () => {
  it('tells open audits from finished ones', () => {
    expect(isOpenAudit('QUEUED')).toBe(true);
    expect(isOpenAudit('RUNNING')).toBe(true);
    expect(isOpenAudit('COMPLETED')).toBe(false);
    expect(isOpenAudit('FAILED')).toBe(false);
  });

  it('shows the path of a page on the audited origin and the whole URL elsewhere', () => {
    expect(pathOf('https://acme.test/pricing?x=1', 'https://acme.test')).toBe('/pricing?x=1');
    expect(pathOf('https://acme.test/', 'https://acme.test')).toBe('/');
    expect(pathOf('https://other.test/a', 'https://acme.test')).toBe('https://other.test/a');
    expect(pathOf('not a url', 'https://acme.test')).toBe('not a url');
  });

  it('counts progress in percent, 0 before the steps are counted', () => {
    expect(auditPercent(0, 0)).toBe(0);
    expect(auditPercent(3, 12)).toBe(25);
    expect(auditPercent(13, 12)).toBe(100);
  });

  it('words robots.txt states', () => {
    expect(robotsText('found')).toBe('Found');
    expect(robotsText('unreachable')).toMatch(/closed/);
    expect(robotsText(null)).toBe('Not read');
  });
});
