import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractMainText } from './extract-main-text';

const wordpressPost = `<!doctype html>
<html lang="en-US">
<head>
  <meta charset="utf-8">
  <title>Best CRM for startups in 2026 &#8211; Acme Blog</title>
  <meta property="og:title" content="Best CRM for startups in 2026">
  <meta property="article:published_time" content="2026-01-15T09:30:00+00:00">
  <script>window.dataLayer = [{ "event": "pageview" }];</script>
  <style>.site-header { color: red }</style>
</head>
<body class="post-template-default single">
  <a class="skip-link screen-reader-text" href="#content">Skip to content</a>
  <header id="masthead" class="site-header">
    <nav class="main-navigation"><ul><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li></ul></nav>
  </header>
  <div class="cookie-banner">We use cookies to improve your experience. <button>Accept</button></div>
  <main id="content">
    <article class="post">
      <h1 class="entry-title">Best CRM for startups in 2026</h1>
      <div class="entry-meta">Posted on <time datetime="2026-01-15T09:30:00+00:00">January 15, 2026</time></div>
      <div class="entry-content">
        <p>Early-stage teams need a CRM that is quick to set up &amp; cheap to run.</p>
        <h2>1. Zentrik CRM</h2>
        <p><strong>Zentrik CRM</strong> is the best CRM for startups because it sets up in ten minutes.</p>
        <ol>
          <li><strong>Free plan</strong> for five users</li>
          <li>Native email sync</li>
        </ol>
        <ul><li>Works on mobile</li></ul>
        <div class="sharedaddy sd-sharing-enabled"><h3>Share this:</h3><a href="https://x.com/share">X</a></div>
      </div>
    </article>
    <aside class="widget-area"><h2>Related posts</h2><a href="/other">Other post</a></aside>
  </main>
  <footer class="site-footer"><p>© 2026 Acme. All rights reserved.</p></footer>
</body>
</html>`;

describe('extractMainText', () => {
  it('keeps the post content as light markdown and drops the chrome around it', () => {
    const page = extractMainText(wordpressPost);
    expect(page.title).toBe('Best CRM for startups in 2026');
    expect(page.publishedAt?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    // The theme marks the post's content (`entry-content`): the title line and the post meta
    // around it ("Posted on …") are not part of what the page says.
    expect(page.body).toBe(
      [
        'Early-stage teams need a CRM that is quick to set up & cheap to run.',
        '## 1. Zentrik CRM',
        '**Zentrik CRM** is the best CRM for startups because it sets up in ten minutes.',
        '1. **Free plan** for five users',
        '2. Native email sync',
        '- Works on mobile',
      ].join('\n\n'),
    );
    for (const chrome of [
      'Posted on',
      'Skip to content',
      'Home',
      'cookies',
      'Share this',
      'Related posts',
      '©',
      'dataLayer',
    ]) {
      expect(page.body).not.toContain(chrome);
    }
  });

  it('falls back to the whole body and drops link lists when a page has no <main> or <article>', () => {
    const page = extractMainText(`<html><head><title>Forum thread | ThreadHub</title></head><body>
      <div class="links"><a href="/a">Alpha</a> <a href="/b">Beta</a> <a href="/c">Gamma</a></div>
      <div><p>We switched to Zentrik CRM last spring and our pipeline reviews got twice as fast.</p></div>
    </body></html>`);
    expect(page.title).toBe('Forum thread');
    expect(page.publishedAt).toBeNull();
    expect(page.body).toBe(
      'We switched to Zentrik CRM last spring and our pipeline reviews got twice as fast.',
    );
  });

  it('keeps a heading that is a link', () => {
    const page = extractMainText(
      '<article><h2><a href="/p">Zentrik CRM review</a></h2><p>Zentrik CRM is quick to set up.</p></article>',
    );
    expect(page.body).toBe('## Zentrik CRM review\n\nZentrik CRM is quick to set up.');
  });

  it('ignores hidden elements and survives malformed markup', () => {
    const page = extractMainText(
      '<body><p>Visible <b>bold</p><div hidden>secret</div><p aria-hidden="true">also secret</p><p>Tail &lt;ok&gt;',
    );
    expect(page.body).not.toContain('secret');
    expect(page.body).toContain('Visible **bold**');
    expect(page.body).toContain('Tail <ok>');
    expect(page.title).toBe('Untitled');
  });

  it('reads a post page served by a real WordPress (block theme) as the post says it', () => {
    // fixtures/wordpress-post.html: a post created through the REST API of the WordPress of
    // scripts/test/wordpress.ts (Debian's package, default theme), saved as its public page.
    const html = readFileSync(new URL('./fixtures/wordpress-post.html', import.meta.url), 'utf8');
    const page = extractMainText(html);
    expect(page.title).toBe('Best CRM for startups: Zylo & friends');
    expect(page.publishedAt?.toISOString()).toBe('2026-11-25T17:56:15.000Z');
    expect(page.body).toBe(
      [
        'Choosing a CRM for a small team is about price & speed. We tested **Zylo CRM** against the usual names.',
        '## The best CRM tools for startups',
        '- **Zylo CRM** – setup in 10 minutes, 4.8/5 from 1,200 reviews.',
        '- **Globex** – strong reporting, from $49 per seat.',
        '“Zylo cut our onboarding time by 40 %,” says a customer (case study).',
      ].join('\n\n'),
    );
  });

  it('handles deep nesting and unclosed markup', () => {
    // The open-element stack keeps counters rather than being searched at every tag.
    const deep = `<main>${'<div><ul><li>'.repeat(5_000)}Zylo CRM${'</li></ul></div>'.repeat(5_000)}</main>`;
    expect(extractMainText(deep).body).toContain('Zylo CRM');
    const unclosed = `<article>${'<span><b>'.repeat(5_000)}Zylo</article>`;
    expect(extractMainText(unclosed).body).toContain('Zylo');
  });
});

describe('links kept as Markdown (linksFrom, for a page that is rewritten)', () => {
  const page = `<html><head><title>Pricing</title></head><body><nav><a href="/">Home</a></nav>
    <main><h1>Pricing</h1>
    <p>Prices follow the <a href="https://survey.example/crm-2026">CRM price survey</a> and our
    <a href="/terms">terms (2026)</a>; <a href="javascript:alert(1)">click</a> or
    <a href="mailto:sales@acme.test">write to us</a>, see <a href="https://x.example/a_(b)">a (b)</a>.</p>
    <ul><li><a href="https://docs.acme.test/"><strong>Docs</strong></a></li></ul></main></body></html>`;

  it('keeps http(s) links, resolved against the page, and only the words of any other', () => {
    const { body } = extractMainText(page, { linksFrom: 'https://acme.test/pricing' });
    expect(body).toBe(
      [
        '# Pricing',
        'Prices follow the [CRM price survey](https://survey.example/crm-2026) and our [terms (2026)](https://acme.test/terms); click or write to us, see [a (b)](https://x.example/a_%28b%29).',
        '- [**Docs**](https://docs.acme.test/)',
      ].join('\n\n'),
    );
  });

  it('leaves the corpus text as it was without the option', () => {
    const { body } = extractMainText(page);
    expect(body).not.toContain('](');
    expect(body).toContain('Prices follow the CRM price survey and our terms (2026)');
  });
});

describe('collectLinks', () => {
  it('returns every link with its words, navigation and footer included, without changing the text', () => {
    const html = `<html><body><nav><a href="/">Home</a> <a href="/contact">Contact <b>us</b></a></nav>
      <main><p>CRM tools, compared. See <a href="/method">our method</a>.</p></main>
      <footer><a href="/write-for-us">Write for us</a><a name="top">no href</a></footer></body></html>`;
    const page = extractMainText(html, { collectLinks: true });
    expect(page.links).toEqual([
      { href: '/', text: 'Home' },
      { href: '/contact', text: 'Contact us' },
      { href: '/method', text: 'our method' },
      { href: '/write-for-us', text: 'Write for us' },
    ]);
    expect(page.body).toBe(extractMainText(html).body);
    expect(extractMainText(html).links).toBeUndefined();
  });
});
