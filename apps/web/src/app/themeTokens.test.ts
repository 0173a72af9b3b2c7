import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Text meets WCAG AA (4.5:1) on every surface of both themes (docs/web.md, "Themes"). axe in the
// e2e tests sees only the pairs a page happens to render; this checks every pair of the tokens.

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

function tokensOf(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]),
  ) as Record<string, string>;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXTS = ['text', 'text-muted', 'text-subtle', 'accent-text', 'success', 'warning', 'danger'];
const SURFACES = ['bg', 'surface', 'surface-2', 'surface-3'];

describe.each([
  ['light', ':root'],
  ['dark', '.dark'],
])('the %s theme', (_name, selector) => {
  const tokens = tokensOf(selector);
  it('defines every text and surface token', () => {
    for (const name of [...TEXTS, ...SURFACES]) expect(tokens[name], name).toMatch(/^#/);
  });
  it.each(TEXTS)('%s reads at 4.5:1 or more on every surface', (text) => {
    for (const surface of SURFACES) {
      const ratio = contrast(tokens[text] ?? '', tokens[surface] ?? '');
      expect(ratio, `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
