import { describe, expect, it } from 'vitest';
import { failureEvents } from './evaluate-failure';

const source = {
  brandId: 'b',
  occurrence: '1700000000000',
  status: 'FAILED',
  error: 'WordPress answered 500',
  title: 'Best CRM',
  url: null,
};

describe('failureEvents', () => {
  it.each([
    ['publish', 'FAILED', ['publish.failed:d:1700000000000']],
    ['ingestion', 'FAILED', ['ingestion.failed:d:1700000000000']],
    ['publish', 'PUBLISHED', []],
    ['ingestion', 'READ', []],
  ] as const)('%s %s → %j', (kind, status, keys) => {
    expect(failureEvents(kind, 'd', { ...source, status }).map((e) => e.key)).toEqual(keys);
  });

  it('carries what people need to act', () => {
    expect(failureEvents('publish', 'd', source)[0]?.data).toEqual({
      draftId: 'd',
      brandId: 'b',
      title: 'Best CRM',
      url: null,
      error: 'WordPress answered 500',
    });
  });
});
