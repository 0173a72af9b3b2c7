import { describe, expect, it } from 'vitest';
import { findContactPage, type PageLink } from './contact-page';

const PAGE = 'https://www.crmreviews.com/best/crm-for-startups?ref=x#top';
const link = (href: string, text = ''): PageLink => ({ href, text });

describe('findContactPage', () => {
  const cases: [string, PageLink[], string | null, string | null][] = [
    ['no links', [], null, null],
    [
      'a contact link by its words',
      [link('/about/team', 'Contact us')],
      'https://www.crmreviews.com/about/team',
      'contact',
    ],
    [
      'a contact link by its path',
      [link('/contact/', 'Say hi')],
      'https://www.crmreviews.com/contact/',
      'contact',
    ],
    [
      'submit beats contact, wherever it stands',
      [link('/contact', 'Contact'), link('/p/123', 'Write for us')],
      'https://www.crmreviews.com/p/123',
      'submit',
    ],
    [
      'suggest a tool',
      [link('suggest-a-tool', 'Missing one?')],
      'https://www.crmreviews.com/best/suggest-a-tool',
      'submit',
    ],
    [
      'write-for-us path',
      [link('https://crmreviews.com/write-for-us')],
      'https://crmreviews.com/write-for-us',
      'submit',
    ],
    [
      'advertise',
      [link('/media-kit', 'Advertise with us')],
      'https://www.crmreviews.com/media-kit',
      'submit',
    ],
    [
      'the first of two contact links',
      [link('/contact-a'), link('/contact-b')],
      'https://www.crmreviews.com/contact-a',
      'contact',
    ],
    [
      'a subdomain of the site counts',
      [link('https://help.crmreviews.com/contact')],
      'https://help.crmreviews.com/contact',
      'contact',
    ],
    ['another site does not', [link('https://typeform.com/to/contact', 'Contact')], null, null],
    [
      'mailto is not a page',
      [link('mailto:editor@crmreviews.com', 'Contact the editor')],
      null,
      null,
    ],
    ['javascript: is not a page', [link('javascript:void(0)', 'Contact')], null, null],
    ['the page itself is not a way in', [link('#contact', 'Contact')], null, null],
    [
      'words inside other words do not count',
      [link('/contactless-payments', 'Contactless payments')],
      null,
      null,
    ],
    ['credentials in a link are refused', [link('https://u:p@crmreviews.com/contact')], null, null],
    [
      'the fragment is dropped',
      [link('/contact#form', 'Contact')],
      'https://www.crmreviews.com/contact',
      'contact',
    ],
    [
      'a broken href is skipped',
      [link('http://[::1', 'Contact'), link('/submit')],
      'https://www.crmreviews.com/submit',
      'submit',
    ],
  ];
  for (const [name, links, url, kind] of cases) {
    it(name, () => {
      const found = findContactPage(PAGE, links, 'editorial');
      expect(found ? [found.url, found.kind] : [null, null]).toEqual([url, kind]);
    });
  }

  it('on a UGC site the cited thread itself is the place to answer', () => {
    const thread = 'https://www.reddit.com/r/CRM/comments/abc/best_crm/';
    expect(findContactPage(thread, [link('/contact', 'Contact')], 'ugc')).toEqual({
      url: thread,
      kind: 'thread',
    });
  });

  it('an address that is not a URL finds nothing', () => {
    expect(findContactPage('not a url', [link('/contact')], 'editorial')).toBeNull();
  });
});
