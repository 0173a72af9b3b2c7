import { describe, expect, it } from 'vitest';
import { findUrls } from './find-urls';

describe('findUrls', () => {
  const cases: { text: string; urls: [string, string, boolean][] }[] = [
    {
      text: 'see https://www.acme.com/pricing?utm_source=x.',
      urls: [['https://www.acme.com/pricing?utm_source=x', 'acme.com', true]],
    },
    { text: 'try monday.com, node.js and e.g. this', urls: [['monday.com', 'monday.com', false]] },
    {
      text: '[acme.com](https://acme.com/a_b) and sales@acme.co.uk',
      urls: [
        ['acme.com', 'acme.com', false],
        ['https://acme.com/a_b', 'acme.com', true],
        ['acme.co.uk', 'acme.co.uk', false],
      ],
    },
    { text: 'www.acme.com:8080/p. next', urls: [['www.acme.com:8080/p', 'acme.com', false]] },
    { text: '(https://g2.com/x)', urls: [['https://g2.com/x', 'g2.com', true]] },
    { text: '| acme.com | $10 |', urls: [['acme.com', 'acme.com', false]] },
    { text: 'great tool.next one', urls: [] },
    { text: 'sign up -acme.com- now', urls: [['acme.com', 'acme.com', false]] },
    { text: 'version 2.0 and 3.14', urls: [] },
    { text: 'no dots here', urls: [] },
  ];
  for (const c of cases) {
    it(c.text, () => {
      expect(findUrls(c.text).map((u) => [u.url, u.host, u.hasScheme])).toEqual(c.urls);
      for (const u of findUrls(c.text)) expect(c.text.slice(u.start, u.end)).toBe(u.url);
    });
  }

  it('knows the link text of a markdown link target', () => {
    const text = 'see [the guide](https://acme.com/guide)';
    const [u] = findUrls(text);
    expect(u?.linkTextStart).toBe(text.indexOf('['));
  });
});
