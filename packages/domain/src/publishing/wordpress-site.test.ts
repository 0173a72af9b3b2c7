import { describe, expect, it } from 'vitest';
import { ConnectWordPressSiteInputSchema, detectSeo, normalizeSiteUrl } from './wordpress-site';

describe('normalizeSiteUrl', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  https://Blog.Example.COM/  ', 'https://blog.example.com'],
    ['http://example.com/news/?x=1#top', 'http://example.com/news'],
    ['https://example.com/wp-admin/', 'https://example.com'],
    ['https://example.com/blog/wp-login.php', 'https://example.com/blog'],
    ['https://example.com/wp-json/wp/v2', 'https://example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('%s → %s', (raw, url) => {
    expect(normalizeSiteUrl(raw)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'Enter the site’s address.'],
    ['ftp://example.com', 'Use an http:// or https:// address.'],
    ['https://user:pw@example.com', 'Leave the user name and password out of the address.'],
    ['not a url', 'This is not a web address (for example https://blog.example.com).'],
    ['intranet', 'This is not a web address (for example https://blog.example.com).'],
  ])('%j is refused', (raw, message) => {
    expect(normalizeSiteUrl(raw)).toEqual({ ok: false, message });
  });
});

describe('ConnectWordPressSiteInputSchema', () => {
  const base = {
    url: 'example.com',
    username: 'editor',
    applicationPassword: 'abcd EFGH 1234 ijkl MNOP 5678',
  };

  it('takes the password with or without its spaces', () => {
    const parsed = ConnectWordPressSiteInputSchema.parse(base);
    expect(parsed).toEqual({
      url: 'https://example.com',
      username: 'editor',
      applicationPassword: 'abcdEFGH1234ijklMNOP5678',
      name: null,
    });
  });

  it.each([
    ['correct horse battery staple', /not an application password/],
    ['', /Enter the application password/],
  ])('refuses %j as an application password', (applicationPassword, message) => {
    const result = ConnectWordPressSiteInputSchema.safeParse({ ...base, applicationPassword });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['applicationPassword']);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });
});

describe('detectSeo', () => {
  it.each([
    [['wp/v2'], [], { seoPlugin: null, seoMetaFields: [] }],
    [['wp/v2', 'yoast/v1'], [], { seoPlugin: 'YOAST', seoMetaFields: [] }],
    [
      ['wp/v2', 'yoast/v1'],
      ['_yoast_wpseo_title', '_yoast_wpseo_metadesc'],
      { seoPlugin: 'YOAST', seoMetaFields: ['_yoast_wpseo_title', '_yoast_wpseo_metadesc'] },
    ],
    [
      ['rankmath/v1'],
      ['rank_math_description', 'footnotes'],
      { seoPlugin: 'RANK_MATH', seoMetaFields: ['rank_math_description'] },
    ],
    [['aioseo/v1'], ['_aioseo_title'], { seoPlugin: 'AIOSEO', seoMetaFields: ['_aioseo_title'] }],
    // Another plugin's keys do not count without its namespace.
    [['wp/v2'], ['rank_math_title'], { seoPlugin: null, seoMetaFields: [] }],
  ])('%j with meta %j', (namespaces, meta, expected) => {
    expect(detectSeo(namespaces, meta)).toEqual(expected);
  });
});
