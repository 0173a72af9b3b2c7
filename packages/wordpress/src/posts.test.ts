import { HOSTILE_MARKDOWN, liveMarkupIn } from '@lumen/domain/publishing/hostile-markdown.fixture';
import { describe, expect, it } from 'vitest';
import {
  createPost,
  draftMarker,
  PublishError,
  postLink,
  postPayload,
  renderPostContent,
  seoMeta,
} from './posts';

const DRAFT_ID = '5b0c6f0e-3f43-4c0a-9d55-0c5f5f3c9a11';

describe('renderPostContent', () => {
  it('starts with the draft marker and renders markdown to HTML', () => {
    const html = renderPostContent({
      draftId: DRAFT_ID,
      body: '## Best tools\n\n- **Acme** leads with 42 % share\n- [Source](https://example.com)\n',
      jsonLd: null,
    });
    expect(html.startsWith(`${draftMarker(DRAFT_ID)}\n`)).toBe(true);
    expect(html).toContain('<h2>Best tools</h2>');
    expect(html).toContain('<strong>Acme</strong>');
    expect(html).toContain('<a href="https://example.com">Source</a>');
    expect(html).not.toContain('application/ld+json');
  });

  it('shows raw HTML in a draft as text, never as markup', () => {
    const html = renderPostContent({
      draftId: DRAFT_ID,
      body: 'Intro\n\n<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n',
      jsonLd: null,
    });
    expect(html).not.toMatch(/<script>|<iframe/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('embeds the FAQ JSON-LD as one script line that nothing in it can close', () => {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Is </script><script>alert(1)</script> escaped?',
          acceptedAnswer: { '@type': 'Answer', text: 'Yes & <!-- always -->' },
        },
      ],
    };
    const html = renderPostContent({ draftId: DRAFT_ID, body: 'Text', jsonLd });
    const match = /<script type="application\/ld\+json">(.*)<\/script>\n$/.exec(html);
    expect(match).not.toBeNull();
    const inner = match?.[1] ?? '';
    expect(inner).not.toMatch(/[<>\n]/);
    expect(JSON.parse(inner)).toEqual(jsonLd);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('hostile drafts (the shared link policy, then the sanitizer)', () => {
  it.each(HOSTILE_MARKDOWN)('%s: no live link, image, handler or element', (_name, markdown) => {
    const html = renderPostContent({
      draftId: DRAFT_ID,
      body: `Compare the plans.\n\n${markdown}\n`,
      jsonLd: null,
    });
    expect(liveMarkupIn(html)).toEqual([]);
    expect(html).not.toMatch(/<a [^>]*href="(?!https?:|mailto:|\/|#)/i);
    expect(html).not.toMatch(/<(script|iframe|img[^>]*onerror)/i);
    expect(html).toContain('Compare the plans.');
  });

  it('keeps the words of a refused link and the alt text of a refused image', () => {
    const html = renderPostContent({
      draftId: DRAFT_ID,
      body: '[Read the pricing](javascript:alert(1)) and ![the chart](data:image/png;base64,AA)',
      jsonLd: null,
    });
    expect(html).toContain('<p>Read the pricing and the chart</p>');
  });

  it('keeps allowed links, images and markdown structure', () => {
    const html = renderPostContent({
      draftId: DRAFT_ID,
      body: '| a | b |\n|:--|--:|\n| 1 | 2 |\n\n1. [Docs](/docs) ![c](https://cdn.example.com/c.png)\n\n```ts\nx < 1\n```\n\n[Mail](mailto:a@example.com)',
      jsonLd: null,
    });
    expect(html).toContain('<th align="left">a</th>');
    expect(html).toContain('<a href="/docs">Docs</a>');
    expect(html).toContain('<img src="https://cdn.example.com/c.png" alt="c" />');
    expect(html).toContain('<code class="language-ts">x &lt; 1');
    expect(html).toContain('<a href="mailto:a@example.com">Mail</a>');
  });

  it('sends title, excerpt and SEO meta as escaped text', () => {
    const payload = postPayload(
      {
        draftId: DRAFT_ID,
        title: '<script>alert(1)</script> CRM & co',
        slug: 'crm',
        body: 'B',
        excerpt: '<img src=x onerror=alert(1)>',
        metaTitle: '"><script>alert(1)</script>',
        metaDescription: '<a href="javascript:alert(1)">x</a>',
        jsonLd: null,
        categories: [],
        tags: [],
      },
      ['rank_math_title', 'rank_math_description'],
    );
    expect(payload.title).toBe('&lt;script&gt;alert(1)&lt;/script&gt; CRM &amp; co');
    expect(payload.excerpt).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(payload.meta).toEqual({
      rank_math_title: '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      rank_math_description: '&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;',
    });
  });
});

describe('seoMeta', () => {
  const content = { metaTitle: 'Meta title', metaDescription: 'Meta description' };
  it.each([
    [[], {}],
    [['rank_math_title'], { rank_math_title: 'Meta title' }],
    [
      ['rank_math_title', 'rank_math_description'],
      { rank_math_title: 'Meta title', rank_math_description: 'Meta description' },
    ],
    [
      ['_yoast_wpseo_title', '_yoast_wpseo_metadesc'],
      { _yoast_wpseo_title: 'Meta title', _yoast_wpseo_metadesc: 'Meta description' },
    ],
    [['_aioseo_description'], { _aioseo_description: 'Meta description' }],
    [['some_other_key'], {}],
  ])('exposed keys %j → %j', (keys, expected) => {
    expect(seoMeta(content, keys)).toEqual(expected);
  });
  it('leaves out an empty title or description', () => {
    expect(
      seoMeta({ metaTitle: null, metaDescription: '' }, [
        'rank_math_title',
        'rank_math_description',
      ]),
    ).toEqual({});
  });
});

describe('hostile site addresses on the publish path', () => {
  it.each([
    'http://127.0.0.1/wp-json/',
    'http://10.0.0.8/wp-json/',
    'http://169.254.169.254/wp-json/',
  ])('%s is refused before any connection, as a final error', async (apiRoot) => {
    const error = await createPost(
      { apiRoot, username: 'editor', applicationPassword: 'abcdEFGH1234ijklMNOP5678' },
      {
        draftId: DRAFT_ID,
        title: 'T',
        slug: 't',
        body: 'B',
        excerpt: null,
        metaTitle: null,
        metaDescription: null,
        jsonLd: null,
        categories: [],
        tags: [],
      },
      [],
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ retryable: false, authFailure: false });
    expect((error as Error).message).toMatch(/cannot connect to this address/);
  });
});

describe('a site that does not answer in time', () => {
  it('is a retryable failure (the job tries again), as is a refused connection', async () => {
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    // Accepts the connection and never answers.
    const silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', () => ready()));
    const port = (silent.address() as import('node:net').AddressInfo).port;
    const site = {
      apiRoot: `http://127.0.0.1:${port}/wp-json/`,
      username: 'editor',
      applicationPassword: 'abcdEFGH1234ijklMNOP5678',
    };
    const content = {
      draftId: DRAFT_ID,
      title: 'T',
      slug: 't',
      body: 'B',
      excerpt: null,
      metaTitle: null,
      metaDescription: null,
      jsonLd: null,
      categories: [],
      tags: [],
    };
    try {
      const timedOut = await createPost(site, content, [], {
        allowPrivateHosts: true,
        timeoutMs: 200,
      }).catch((e: unknown) => e);
      expect(timedOut).toBeInstanceOf(PublishError);
      expect(timedOut).toMatchObject({ retryable: true, authFailure: false });
      expect((timedOut as Error).message).toMatch(/took too long/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((done) => silent.close(() => done()));
    }
    // Nothing listens there any more: the connection is refused.
    const refused = await createPost(site, content, [], { allowPrivateHosts: true }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ retryable: true });
  });
});

describe('postLink (the address recorded and read into the corpus)', () => {
  it.each([
    [
      'https://blog.example.com/best-crm/',
      'https://blog.example.com',
      'https://blog.example.com/best-crm/',
    ],
    ['https://evil.example/injected', 'https://blog.example.com', 'https://blog.example.com/?p=42'],
    [
      'http://blog.example.com/best-crm/',
      'https://blog.example.com',
      'https://blog.example.com/?p=42',
    ],
    [
      'https://blog.example.com:8443/x',
      'https://blog.example.com',
      'https://blog.example.com/?p=42',
    ],
    [
      'https://user:pw@blog.example.com/x',
      'https://blog.example.com',
      'https://blog.example.com/?p=42',
    ],
    ['http://169.254.169.254/latest', 'https://example.com/blog', 'https://example.com/blog/?p=42'],
    ['not a link', 'https://example.com/blog', 'https://example.com/blog/?p=42'],
    ['', 'https://blog.example.com', 'https://blog.example.com/?p=42'],
  ])('%j on %s → %s', (link, site, expected) => {
    expect(postLink(link, site, 42)).toBe(expected);
  });
});
