import { describe, expect, it } from 'vitest';
import { createPost, draftMarker, PublishError, renderPostContent, seoMeta } from './posts';

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
