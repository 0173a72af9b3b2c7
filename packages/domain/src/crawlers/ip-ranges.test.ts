import { describe, expect, it } from 'vitest';
import { createVerifier } from './crawler-agents';
import { IpRangeSet, ipv6ToBigInt, prefixesOf } from './ip-ranges';
import { RANGE_SOURCES } from './range-sources';
import { RANGES_SNAPSHOT } from './ranges-snapshot';

describe('IpRangeSet', () => {
  const set = new IpRangeSet();
  set.add('20.171.206.0/24');
  set.add('23.98.142.176/28');
  set.add('2001:4860:4801:10::/64');

  it.each([
    ['20.171.206.0', true],
    ['20.171.206.255', true],
    ['20.171.207.0', false],
    ['23.98.142.191', true],
    ['23.98.142.192', false],
    ['::ffff:20.171.206.9', true],
    ['2001:4860:4801:10::1a', true],
    ['2001:4860:4801:10:ffff:ffff:ffff:ffff', true],
    ['2001:4860:4801:11::1', false],
    ['not an address', false],
    ['300.1.1.1', false],
  ])('%s → %s', (ip, inside) => {
    expect(set.has(ip)).toBe(inside);
  });

  it('reads IPv6 forms', () => {
    expect(ipv6ToBigInt('::1')).toBe(1n);
    expect(ipv6ToBigInt('::ffff:1.2.3.4')).toBe((0xffffn << 32n) | 0x01020304n);
    expect(ipv6ToBigInt('1:2:3:4:5:6:7:8')).toBe(0x00010002000300040005000600070008n);
    expect(ipv6ToBigInt('1::2::3')).toBeNull();
    expect(ipv6ToBigInt('1:2:3:4:5:6:7:8:9')).toBeNull();
  });

  it('refuses what is not a range', () => {
    expect(new IpRangeSet().add('1.2.3.0/33')).toBe(false);
    expect(new IpRangeSet().add('example.com/24')).toBe(false);
  });
});

describe('range files', () => {
  it('reads the providers’ shape and names what is wrong', () => {
    expect(prefixesOf({ creationTime: 'x', prefixes: [{ ipv4Prefix: '1.2.3.0/24' }] })).toEqual({
      creationTime: 'x',
      prefixes: ['1.2.3.0/24'],
    });
    expect(() => prefixesOf({ items: [] })).toThrow(/prefixes/);
    expect(() => prefixesOf({ prefixes: [{ cidr: '1.2.3.0/24' }] })).toThrow(/ipv4Prefix/);
  });

  it('ships a snapshot with every source, each in the providers’ shape', () => {
    const v = createVerifier(RANGES_SNAPSHOT);
    expect(v.sources.map((s) => s.file)).toEqual(RANGE_SOURCES.map((s) => s.file));
    for (const s of v.sources) expect(s.prefixes, s.file).toBeGreaterThan(0);
    expect(v.verify('GPTBot', '20.171.206.5')).toBe('verified');
    expect(v.verify('GPTBot', '203.0.113.9')).toBe('unverified');
    // A GPTBot address is not a ChatGPT-User address: each agent has its own list.
    expect(v.verify('ChatGPT-User', '20.171.206.5')).toBe('unverified');
    expect(v.verify('ClaudeBot', '20.171.206.5')).toBe('unverifiable');
  });

  it('names the broken file of a refresh', () => {
    expect(() => createVerifier({ ...RANGES_SNAPSHOT, 'gptbot.json': { prefixes: 'x' } })).toThrow(
      /gptbot\.json/,
    );
    const { 'bingbot.json': _, ...missing } = RANGES_SNAPSHOT;
    expect(() => createVerifier(missing)).toThrow(/bingbot\.json: missing/);
  });
});
