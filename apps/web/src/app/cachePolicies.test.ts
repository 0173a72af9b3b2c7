import { InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typePolicies } from './cachePolicies';

const doc = parse(`
  query Item {
    publishedItem(id: "p1") {
      id
      ingestion { status changedAt }
    }
  }
`);

type Ingestion = { status: string; changedAt: string };

function write(cache: InMemoryCache, ingestion: Ingestion) {
  cache.writeQuery({
    query: doc,
    data: {
      publishedItem: {
        __typename: 'PublishedItem',
        id: 'p1',
        ingestion: { __typename: 'PublishedIngestion', ...ingestion },
      },
    },
  });
}

function read(cache: InMemoryCache): string | undefined {
  return cache.readQuery<{ publishedItem: { ingestion: Ingestion } }>({ query: doc })?.publishedItem
    .ingestion.status;
}

describe('the cache keeps the newer reading of a published item', () => {
  it('a mutation answer older than the stream’s frame does not undo it', () => {
    const cache = new InMemoryCache({ typePolicies });
    write(cache, { status: 'READ', changedAt: '2026-11-26T10:00:00.000Z' });
    // The stream: the reading asked for failed at once.
    write(cache, { status: 'FAILED', changedAt: '2026-11-26T10:05:00.120Z' });
    // The late answer of "Read again", as the item was when it was asked for.
    write(cache, { status: 'PENDING', changedAt: '2026-11-26T10:05:00.010Z' });
    expect(read(cache)).toBe('FAILED');
  });

  it('a newer answer replaces the older one, and equal versions take the incoming', () => {
    const cache = new InMemoryCache({ typePolicies });
    write(cache, { status: 'FAILED', changedAt: '2026-11-26T10:05:00.120Z' });
    write(cache, { status: 'PENDING', changedAt: '2026-11-26T10:06:00.000Z' });
    expect(read(cache)).toBe('PENDING');
    write(cache, { status: 'READING', changedAt: '2026-11-26T10:06:00.000Z' });
    expect(read(cache)).toBe('READING');
  });

  it('without the policy the late answer wins (what the policy is for)', () => {
    const cache = new InMemoryCache();
    write(cache, { status: 'FAILED', changedAt: '2026-11-26T10:05:00.120Z' });
    write(cache, { status: 'PENDING', changedAt: '2026-11-26T10:05:00.010Z' });
    expect(read(cache)).toBe('PENDING');
  });
});
