import { describe, expect, it } from 'vitest';
import { checkDraftUrl, escapeHtml } from './link-policy';

describe('checkDraftUrl', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['javascript&#58;alert(1)'],
    ['javascript&#x3a;alert(1)'],
    ['javascript&#0000058alert(1)'],
    ['javascript&colon;alert(1)'],
    ['javascript&amp;#58;alert(1)'],
    ['&#x6A;avascript:alert(1)'],
    ['jav&#x09;ascript:alert(1)'],
    ['java&NewLine;script:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['\u0001javascript:alert(1)'],
    ['  javascript:alert(1)'],
    ['java\u200bscript:alert(1)'],
    ['\u00a0javascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['VBScript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['DATA:image/svg+xml,<svg onload=alert(1)>'],
    ['file:///etc/passwd'],
    ['blob:https://example.com/1'],
  ])('refuses %j as a link', (href) => {
    const verdict = checkDraftUrl(href, 'link');
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(/are not allowed/);
  });

  it.each([
    ['https://example.com/pricing', 'https://example.com/pricing'],
    ['HTTP://example.com', 'HTTP://example.com'],
    ['mailto:sales@example.com', 'mailto:sales@example.com'],
    ['/pricing', '/pricing'],
    ['pricing#plans', 'pricing#plans'],
    ['#faq', '#faq'],
    ['//cdn.example.com/a.png', '//cdn.example.com/a.png'],
    ['https://example.com/a?b=1&amp;c=2', 'https://example.com/a?b=1&c=2'],
    // Browsers do not percent-decode a scheme: this is a relative path, not a script.
    ['javascript%3Aalert(1)', 'javascript%3Aalert(1)'],
  ])('allows %j as a link', (href, cleaned) => {
    expect(checkDraftUrl(href, 'link')).toEqual({ ok: true, href: cleaned });
  });

  it('allows mailto for links only, not images', () => {
    expect(checkDraftUrl('mailto:a@example.com', 'image').ok).toBe(false);
    expect(checkDraftUrl('https://example.com/a.png', 'image').ok).toBe(true);
    expect(checkDraftUrl('data:image/png;base64,AAAA', 'image').ok).toBe(false);
  });

  it('refuses an empty address', () => {
    expect(checkDraftUrl(' \t', 'link').ok).toBe(false);
  });
});

describe('escapeHtml', () => {
  it('leaves no markup and no way out of an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & co`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co',
    );
  });
});
