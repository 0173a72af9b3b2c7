import { describe, expect, it } from 'vitest';
import { exportUrl } from './downloadExport';

describe('exportUrl', () => {
  it('carries the whole filter', () => {
    expect(
      exportUrl('answers', {
        brandId: 'b1',
        from: '2026-11-01',
        to: '2026-11-07',
        engines: ['local-gpt', 'local-claude'],
        keywordIds: ['k1'],
        includeBranded: true,
      }),
    ).toBe(
      '/export/answers.csv?brandId=b1&from=2026-11-01&to=2026-11-07&engines=local-gpt%2Clocal-claude&keywordIds=k1&includeBranded=true',
    );
  });

  it('carries the country and language', () => {
    expect(
      exportUrl('metrics', {
        brandId: 'b1',
        from: '2026-11-01',
        to: '2026-11-07',
        includeBranded: false,
        country: 'DE',
        language: 'de',
      }),
    ).toBe(
      '/export/metrics.csv?brandId=b1&from=2026-11-01&to=2026-11-07&includeBranded=false&country=DE&language=de',
    );
  });

  it('leaves out empty lists', () => {
    expect(
      exportUrl('metrics', {
        brandId: 'b1',
        from: '2026-11-01',
        to: '2026-11-07',
        includeBranded: false,
      }),
    ).toBe('/export/metrics.csv?brandId=b1&from=2026-11-01&to=2026-11-07&includeBranded=false');
  });
});
