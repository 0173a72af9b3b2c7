/**
 * Address ranges, as the operators of AI crawlers publish them, and the check of an address
 * against them (docs/crawlers.md, "Verification"). Pure: the ranges arrive as the parsed JSON
 * of each operator's file; the gateway reads the shipped snapshot or the operator's own copies.
 */

/** An IPv4 address as an unsigned 32-bit number, or null. */
export function ipv4ToNumber(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const v = Number(part);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

/** An IPv6 address as a 128-bit bigint, or null. IPv4 in the last 32 bits (`::ffff:1.2.3.4`) is read. */
export function ipv6ToBigInt(ip: string): bigint | null {
  let s = ip;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  let tail: string[] = [];
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = ipv4ToNumber(last);
    if (v4 === null) return null;
    tail = [(v4 >>> 16).toString(16), (v4 & 0xffff).toString(16)];
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  let groups: string[];
  if (halves.length === 1) {
    groups = [...head, ...tail];
  } else {
    const fill = 8 - head.length - rest.length - tail.length;
    if (fill < 1) return null;
    groups = [...head, ...new Array<string>(fill).fill('0'), ...rest, ...tail];
  }
  if (groups.length !== 8) return null;
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(Number.parseInt(g, 16));
  }
  return n;
}

const V4_MAPPED = 0xffffn << 32n;

type V4Range = [start: number, end: number];
type V6Range = [start: bigint, end: bigint];

/** A set of CIDR ranges; `has(ip)` is true when the address is inside one of them. */
export class IpRangeSet {
  private readonly v4: V4Range[] = [];
  private readonly v6: V6Range[] = [];

  /** Adds `1.2.3.0/24` or `2001:db8::/32`; false when it is not a CIDR range. */
  add(cidr: string): boolean {
    const slash = cidr.indexOf('/');
    const base = slash < 0 ? cidr.trim() : cidr.slice(0, slash).trim();
    const bitsText = slash < 0 ? null : cidr.slice(slash + 1).trim();
    const v4 = ipv4ToNumber(base);
    if (v4 !== null) {
      const bits = bitsText === null ? 32 : Number(bitsText);
      if (!Number.isInteger(bits) || bits < 0 || bits > 32) return false;
      const size = 2 ** (32 - bits);
      const start = v4 - (v4 % size);
      this.v4.push([start, start + size - 1]);
      return true;
    }
    const v6 = ipv6ToBigInt(base);
    if (v6 === null) return false;
    const bits = bitsText === null ? 128 : Number(bitsText);
    if (!Number.isInteger(bits) || bits < 0 || bits > 128) return false;
    const host = (1n << BigInt(128 - bits)) - 1n;
    const start = v6 & ~host;
    this.v6.push([start, start | host]);
    return true;
  }

  get size(): number {
    return this.v4.length + this.v6.length;
  }

  has(ip: string): boolean {
    const v4 = ipv4ToNumber(ip);
    if (v4 !== null) return this.hasV4(v4);
    const v6 = ipv6ToBigInt(ip);
    if (v6 === null) return false;
    if (v6 >> 32n === V4_MAPPED >> 32n) return this.hasV4(Number(v6 & 0xffffffffn));
    for (const [start, end] of this.v6) if (v6 >= start && v6 <= end) return true;
    return false;
  }

  private hasV4(n: number): boolean {
    for (const [start, end] of this.v4) if (n >= start && n <= end) return true;
    return false;
  }
}

/**
 * The prefixes of one operator's file. OpenAI, Perplexity, Google, Bing, Apple and Common Crawl
 * publish the same shape: `{ "creationTime": "…", "prefixes": [{ "ipv4Prefix": "…" } |
 * { "ipv6Prefix": "…" }] }`. Throws with what is wrong when the file is not that shape, so a
 * broken refresh is noticed rather than verifying nothing.
 */
export function prefixesOf(json: unknown): { creationTime: string | null; prefixes: string[] } {
  if (
    !json ||
    typeof json !== 'object' ||
    !Array.isArray((json as { prefixes?: unknown }).prefixes)
  ) {
    throw new Error('expected an object with a "prefixes" list');
  }
  const o = json as { creationTime?: unknown; prefixes: unknown[] };
  const prefixes: string[] = [];
  for (const p of o.prefixes) {
    const entry = p as { ipv4Prefix?: unknown; ipv6Prefix?: unknown } | null;
    const value = entry?.ipv4Prefix ?? entry?.ipv6Prefix;
    if (typeof value !== 'string') throw new Error('a prefix without "ipv4Prefix" or "ipv6Prefix"');
    prefixes.push(value);
  }
  return {
    creationTime: typeof o.creationTime === 'string' ? o.creationTime : null,
    prefixes,
  };
}
