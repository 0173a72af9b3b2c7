import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { canonicalUrl, createDomainIndex, hostOf } from './hosts';

describe('hostOf', () => {
  const cases = [
    ['https://www.acme.com/pricing?utm_source=chatgpt.com', 'acme.com'],
    ['http://user:pw@Blog.Acme.com:8080/x', 'blog.acme.com'],
    ['acme.com', 'acme.com'],
    ['www.acme.com/', 'acme.com'],
    ['//cdn.acme.com/a.js', 'cdn.acme.com'],
    ['https://acme.com./', 'acme.com'],
    ['not a url', ''],
    ['https://localhost:3000/', ''],
    ['', ''],
  ] as const;
  for (const [input, host] of cases) {
    it(`${input || '(empty)'} → ${host || '(none)'}`, () => expect(hostOf(input)).toBe(host));
  }
});

describe('createDomainIndex', () => {
  const entities: TrackedEntity[] = [
    {
      id: 'acme',
      kind: 'brand',
      name: 'Acme',
      aliases: [],
      domains: ['https://www.acme.com/', 'acme.io'],
    },
    { id: 'shop', kind: 'competitor', name: 'Shop', aliases: [], domains: ['shop.example.com'] },
    { id: 'example', kind: 'competitor', name: 'Example', aliases: [], domains: ['example.com'] },
  ];
  const index = createDomainIndex(entities);
  const cases = [
    ['acme.com', 'acme'],
    ['blog.acme.com', 'acme'],
    ['eu.docs.acme.io', 'acme'],
    ['notacme.com', undefined],
    ['acme.com.evil.net', undefined],
    ['shop.example.com', 'shop'],
    ['a.shop.example.com', 'shop'],
    ['www.example.com', 'example'],
  ] as const;
  for (const [host, owner] of cases) {
    it(`${host} → ${owner ?? 'nobody'}`, () => expect(index.ownerOf(host)?.id).toBe(owner));
  }
});

describe('canonicalUrl', () => {
  const cases = [
    ['https://www.acme.com/pricing/?utm_source=chatgpt.com&utm_medium=x', 'acme.com/pricing'],
    ['https://acme.com/pricing#plans', 'acme.com/pricing'],
    ['http://ACME.com:443/a?id=3&gclid=x&fbclid=y', 'acme.com/a?id=3'],
    ['acme.com/a?ref=chatgpt', 'acme.com/a'],
  ] as const;
  for (const [url, canonical] of cases) {
    it(url, () => expect(canonicalUrl(url)).toBe(canonical));
  }
});

describe('simple-URL fast path', () => {
  // An upper-case scheme takes the general path; the result must not depend on the path taken.
  const general = (url: string) => url.replace(/^http/, 'HTTP');
  const url = fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc
      .tuple(
        fc.constantFrom('https://', 'http://'),
        fc.constantFrom('', 'www.', 'blog.'),
        fc.stringMatching(/^[a-z0-9.-]{0,12}$/),
        fc.constantFrom('', '/', '/a/', '?utm_source=x&id=1', '#top', '/p?ref=a#f', '/é ', ' '),
      )
      .map((parts) => parts.join('')),
  );

  it('hostOf and canonicalUrl agree with the general path', () => {
    fc.assert(
      fc.property(url, (u) => {
        expect(hostOf(u)).toBe(hostOf(general(u)));
        expect(canonicalUrl(u)).toBe(canonicalUrl(general(u)));
      }),
      { numRuns: 2000 },
    );
  });
});
