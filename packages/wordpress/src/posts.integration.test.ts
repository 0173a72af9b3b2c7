import { HOSTILE_MARKDOWN, liveMarkupIn } from '@lumen/domain/publishing/hostile-markdown.fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWordPress, type TestWordPress } from '../../../scripts/test/wordpress';
import { verifySite } from './client';
import {
  checkSignIn,
  createPost,
  draftMarker,
  findDraftPost,
  getPost,
  type PostContent,
  type PostSite,
  PublishError,
  updatePost,
} from './posts';

// Posts against a real WordPress (scripts/test/wordpress.ts): the marker in the content finds a
// post again on a stock site (no plugin, no registered meta), in any status, the trash included.

const opts = { allowPrivateHosts: true };
let wp: TestWordPress;
let site: PostSite;
let seoMetaFields: string[];
let categoryId: number;
let tagId: number;
/** The user Lumen signs in as: the author of every post it makes. */
let me: number;

const DRAFT = '0f6a3c1e-8d4b-4b7e-9c2a-5e1d7f3a9b20';
const OTHER_DRAFT = '7c2d9e4f-1a3b-4c5d-8e6f-0a1b2c3d4e5f';

function content(overrides: Partial<PostContent> = {}): PostContent {
  return {
    draftId: DRAFT,
    title: 'Best CRM tools for small teams',
    slug: 'best-crm-tools-small-teams',
    body: '## Why it matters\n\nAcme answers **42 %** of questions.\n',
    excerpt: 'Which CRM answers small teams best.',
    metaTitle: 'Best CRM tools (2026)',
    metaDescription: 'A comparison of CRM tools for small teams.',
    jsonLd: { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [] },
    categories: [categoryId],
    tags: [tagId],
    ...overrides,
  };
}

beforeAll(async () => {
  wp = await startTestWordPress();
  // A site that runs Rank Math and exposes its meta keys, as docs/publishing.md tells owners to.
  await wp.addMuPlugin(
    'lumen-seo',
    `<?php
add_action('rest_api_init', function () {
  register_rest_route('rankmath/v1', '/ping', ['methods' => 'GET', 'callback' => fn() => 'ok', 'permission_callback' => '__return_true']);
});
add_action('init', function () {
  foreach (['rank_math_title', 'rank_math_description'] as $key) {
    register_post_meta('post', $key, ['show_in_rest' => true, 'single' => true, 'type' => 'string',
      'auth_callback' => fn() => current_user_can('edit_posts')]);
  }
});
`,
  );
  const term = async (taxonomy: string, name: string) => {
    const res = await wp.adminFetch(`/wp-json/wp/v2/${taxonomy}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return ((await res.json()) as { id: number }).id;
  };
  categoryId = await term('categories', 'Guides');
  tagId = await term('tags', 'CRM');
  const verified = await verifySite(
    { url: wp.url, username: wp.username, applicationPassword: wp.applicationPassword },
    { allowPrivateHosts: true },
  );
  seoMetaFields = verified.capabilities.seoMetaFields;
  site = {
    apiRoot: verified.apiRoot,
    username: wp.username,
    applicationPassword: wp.applicationPassword,
  };
  me = await checkSignIn(site, opts);
});

afterAll(async () => {
  await wp?.stop();
});

describe('posts on a real WordPress', () => {
  it('creates a post with title, content, slug, terms, excerpt, SEO meta and JSON-LD', async () => {
    expect(seoMetaFields).toEqual(['rank_math_title', 'rank_math_description']);
    expect(await findDraftPost(site, DRAFT, me, opts)).toBeNull();
    const created = await createPost(site, content(), seoMetaFields, opts);
    const post = await getPost(site, created.id, opts);
    expect(post).toMatchObject({
      id: created.id,
      status: 'publish',
      slug: 'best-crm-tools-small-teams',
      title: 'Best CRM tools for small teams',
      excerpt: 'Which CRM answers small teams best.',
      categories: [categoryId],
      tags: [tagId],
      meta: {
        rank_math_title: 'Best CRM tools (2026)',
        rank_math_description: 'A comparison of CRM tools for small teams.',
      },
    });
    expect(post?.content).toContain(draftMarker(DRAFT));
    expect(post?.content).toContain('<h2>Why it matters</h2>');
    expect(post?.content).toContain(
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"FAQPage","mainEntity":[]}</script>',
    );
    expect(post?.link).toMatch(/best-crm-tools-small-teams/);
  });

  it('finds the post again by its marker, and only for its own draft', async () => {
    const found = await findDraftPost(site, DRAFT, me, opts);
    expect(found?.title).toBe('Best CRM tools for small teams');
    expect(await findDraftPost(site, OTHER_DRAFT, me, opts)).toBeNull();
    // A post that only mentions the marker's words in its text is not taken for it.
    await createPost(
      site,
      content({
        draftId: OTHER_DRAFT,
        title: 'Mentions',
        slug: 'mentions',
        body: `lumen:draft:${DRAFT}`,
      }),
      [],
      opts,
    );
    expect((await findDraftPost(site, DRAFT, me, opts))?.id).toBe(found?.id);
  });

  it('finds a trashed post, and an update brings it back published', async () => {
    const found = await findDraftPost(site, DRAFT, me, opts);
    const trash = await wp.adminFetch(`/wp-json/wp/v2/posts/${found?.id}`, { method: 'DELETE' });
    expect(trash.status).toBe(200);
    const trashed = await findDraftPost(site, DRAFT, me, opts);
    expect(trashed).toMatchObject({ id: found?.id, status: 'trash' });
    const updated = await updatePost(
      site,
      found?.id as number,
      content({ title: 'Best CRM tools, updated' }),
      seoMetaFields,
      opts,
    );
    expect(updated).toMatchObject({
      id: found?.id,
      status: 'publish',
      title: 'Best CRM tools, updated',
    });
  });

  it('an update of a post deleted for good says so (null)', async () => {
    const extra = await createPost(site, content({ draftId: OTHER_DRAFT, slug: 'gone' }), [], opts);
    await wp.adminFetch(`/wp-json/wp/v2/posts/${extra.id}?force=true`, { method: 'DELETE' });
    expect(await updatePost(site, extra.id, content(), [], opts)).toBeNull();
    expect(await getPost(site, extra.id, opts)).toBeNull();
  });

  it('a wrong password is a final auth failure; a malformed post a final refusal', async () => {
    const wrong = { ...site, applicationPassword: 'abcdEFGH1234ijklMNOP5678' };
    const auth = await createPost(wrong, content(), [], opts).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(PublishError);
    expect(auth).toMatchObject({ retryable: false, authFailure: true, httpStatus: 401 });
    expect((auth as Error).message).not.toContain('abcdEFGH1234ijklMNOP5678');
    const bad = await createPost(site, content({ categories: [1.5] }), [], opts).catch(
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({ retryable: false, authFailure: false, httpStatus: 400 });
    expect((bad as Error).message).toMatch(/WordPress refused to create the post \(HTTP 400\)/);
  });
});

describe('hostile drafts on a real WordPress', () => {
  const HOSTILE_DRAFT = '3e9b1c7a-2f4d-4e8a-9b6c-1d2e3f4a5b6c';

  it('no post holds any payload as live markup, raw or as WordPress renders it', async () => {
    const body = HOSTILE_MARKDOWN.map(([name, md]) => `## ${name}\n\n${md}\n`).join('\n');
    const created = await createPost(
      site,
      content({
        draftId: HOSTILE_DRAFT,
        slug: 'hostile',
        title: '<script>alert(1)</script> Pricing <a href="javascript:alert(1)">x</a>',
        body,
        excerpt: '<img src=x onerror=alert(1)> [x](javascript:alert(1))',
        metaTitle: '"><script>alert(1)</script>',
        metaDescription: '<a href="vbscript:msgbox(1)">x</a>',
      }),
      seoMetaFields,
      opts,
    );
    // As stored (raw, what an editor opens) and as the site prints it to every visitor.
    const raw = await getPost(site, created.id, opts);
    const res = await fetch(`${wp.url}/wp-json/wp/v2/posts/${created.id}`);
    const shown = (await res.json()) as Record<string, { rendered: string }>;
    expect(raw?.content).toContain('<h2>plain javascript:</h2>');
    expect(raw?.content).toContain('Read the pricing');
    for (const [where, html] of [
      ['raw content', raw?.content ?? ''],
      ['raw title', raw?.title ?? ''],
      ['raw excerpt', raw?.excerpt ?? ''],
      ['raw meta', Object.values(raw?.meta ?? {}).join('\n')],
      ['rendered content', shown.content?.rendered ?? ''],
      ['rendered title', shown.title?.rendered ?? ''],
      ['rendered excerpt', shown.excerpt?.rendered ?? ''],
    ] as const) {
      expect({ where, live: liveMarkupIn(html, true) }).toEqual({ where, live: [] });
    }
    // Text that says "<script>" stays visible text on the page.
    expect(shown.title?.rendered).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Pricing');
  });
});

describe('posts Lumen did not write', () => {
  it('a post by another user that carries a draft marker is never taken for the draft', async () => {
    const MARKED = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    const user = await wp.adminFetch('/wp-json/wp/v2/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'other-author',
        email: 'other-author@example.com',
        password: 'another-long-password-123',
        roles: ['editor'],
      }),
    });
    const otherId = ((await user.json()) as { id: number }).id;
    const res = await wp.adminFetch('/wp-json/wp/v2/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Someone else’s draft',
        content: `${draftMarker(MARKED)}\n<p>Not Lumen’s.</p>`,
        status: 'draft',
        author: otherId,
      }),
    });
    const theirs = (await res.json()) as { id: number; author: number };
    expect(theirs.author).toBe(otherId);
    // The marker matches, the author does not: not the draft's post, so never rewritten.
    expect(await findDraftPost(site, MARKED, me, opts)).toBeNull();
    // A post Lumen's own user wrote with the marker is found, as after a crash.
    const ours = await createPost(site, content({ draftId: MARKED, slug: 'ours' }), [], opts);
    expect((await findDraftPost(site, MARKED, me, opts))?.id).toBe(ours.id);
    const after = await wp.adminFetch(`/wp-json/wp/v2/posts/${theirs.id}?context=edit`);
    expect(((await after.json()) as { status: string }).status).toBe('draft');
  });
});
