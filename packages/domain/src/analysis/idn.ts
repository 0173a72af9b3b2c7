/**
 * Internationalised host names: one host has a Unicode form ("bücher.de") and an ASCII form
 * ("xn--bcher-kva.de"). Lumen compares hosts in the Unicode form (docs/analysis.md, "Hosts").
 * The decoder is RFC 3492's; browser-safe and small, since labels are at most 63 characters.
 */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(c: number): number {
  if (c >= 48 && c <= 57) return c - 22;
  if (c >= 97 && c <= 122) return c - 97;
  if (c >= 65 && c <= 90) return c - 65;
  return BASE;
}

/** Decodes the part of a label after "xn--"; null when it is not valid punycode. */
export function decodePunycode(input: string): string | null {
  if (input.length > 63) return null;
  const out: number[] = [];
  const basic = input.lastIndexOf('-');
  for (let j = 0; j < basic; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return null;
    out.push(c);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length; ) {
    const old = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit >= BASE) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (i > 0x7fffffff || w > 0x7fffffff) return null;
    }
    const length = out.length + 1;
    bias = adapt(i - old, length, old === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    out.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...out);
}

// Ideographic and fullwidth full stops separate labels too (UTS #46).
const DOTS = /[\u3002\uff0e\uff61]/g;

/**
 * The canonical form of a host (already without scheme, port and path): lower case, NFC,
 * punycode labels decoded, without "www." and trailing dots. ASCII hosts without "xn--" (nearly
 * all of them) come back after a single scan.
 */
export function canonicalHost(host: string): string {
  let plain = true;
  for (let i = 0; i < host.length && plain; i++) {
    const c = host.charCodeAt(i);
    plain = c < 0x80 && !(c >= 65 && c <= 90);
  }
  let h = host;
  if (!plain) h = h.normalize('NFKC').replace(DOTS, '.').toLowerCase().normalize('NFC');
  if (h.includes('xn--')) {
    h = h
      .split('.')
      .map((label) =>
        label.startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label,
      )
      .join('.')
      .toLowerCase()
      .normalize('NFC');
  }
  while (h.endsWith('.')) h = h.slice(0, -1);
  return h.startsWith('www.') ? h.slice(4) : h;
}
