import { describe, expect, it } from 'vitest';
import { seoSummary, siteStatusView } from './siteView';

const caps = (patch: object = {}) => ({
  canPublishPosts: true,
  seoPlugin: null,
  seoMetaFields: [],
  ...patch,
});

describe('siteStatusView', () => {
  it.each([
    [{ status: 'CONNECTED', capabilities: caps() }, 'Connected', 'success'],
    [{ status: 'FAILING', lastError: 'Refused.', capabilities: caps() }, 'Failing', 'danger'],
    [{ status: 'FAILING', capabilities: caps({ canPublishPosts: false }) }, 'Failing', 'danger'],
    [
      { status: 'CONNECTED', capabilities: caps({ canPublishPosts: false }) },
      'Cannot publish',
      'warning',
    ],
  ] as const)('%j → %s', (site, label, tone) => {
    expect(siteStatusView(site)).toMatchObject({ label, tone });
  });

  it('shows the failure reason', () => {
    expect(
      siteStatusView({ status: 'FAILING', lastError: 'Refused.', capabilities: caps() }).detail,
    ).toBe('Refused.');
  });
});

describe('seoSummary', () => {
  it.each([
    [caps(), 'No SEO plugin found'],
    [caps({ seoPlugin: 'YOAST' }), 'Yoast SEO: meta not exposed to the REST API'],
    [
      caps({ seoPlugin: 'RANK_MATH', seoMetaFields: ['rank_math_title'] }),
      'Rank Math: meta title and description writable',
    ],
  ] as const)('%j → %s', (capabilities, text) => {
    expect(seoSummary({ status: 'CONNECTED', capabilities })).toBe(text);
  });
});
