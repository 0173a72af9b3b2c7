import { domainToASCII, domainToUnicode } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalHost, decodePunycode } from './idn';

describe('canonicalHost', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['WWW.Acme.COM.', 'acme.com'],
    ['xn--bcher-kva.de', 'bücher.de'],
    ['shop.XN--BCHER-KVA.de', 'shop.bücher.de'],
    ['BÜCHER.DE', 'bücher.de'],
    ['ｂücher．de', 'bücher.de'],
    ['xn--mnchen-3ya.de', 'münchen.de'],
    ['xn--invalid-!!.de', 'xn--invalid-!!.de'],
  ])('%s → %s', (host, canonical) => expect(canonicalHost(host)).toBe(canonical));

  it('decodes what the WHATWG URL encoder produces', () => {
    const label = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(label, (raw) => {
        const ascii = domainToASCII(`${raw}.example`);
        fc.pre(ascii !== '' && ascii.startsWith('xn--'));
        // Lumen compares hosts in lower case; a few scripts (Cherokee) keep case in UTS #46.
        // A canonical host has no trailing dot: a label like "Ǎ.#" ends the host at "#", and
        // the WHATWG form keeps the dot before it ("xn--tja.").
        const expected = domainToUnicode(ascii).toLowerCase().normalize('NFC').replace(/\.+$/, '');
        expect(canonicalHost(ascii)).toBe(expected);
      }),
      { numRuns: 300 },
    );
    expect(canonicalHost(domainToASCII('Ǎ.#.example'))).toBe('ǎ');
  });

  it('rejects invalid punycode instead of guessing', () => {
    expect(decodePunycode('99999999999999999999')).toBeNull();
    expect(decodePunycode('ü-abc')).toBeNull();
  });
});
