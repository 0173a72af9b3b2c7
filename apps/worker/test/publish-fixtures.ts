import { loadSecretBox } from '@lumen/config/secrets';
import type { Database } from '@lumen/db/client';
import { insertSite } from '@lumen/db/repositories/wordpress-site.repository';
import { brands } from '@lumen/db/schema/brands';
import { opportunities } from '@lumen/db/schema/opportunities';
import { drafts, orders } from '@lumen/db/schema/publishing';
import { verifySite } from '@lumen/wordpress/client';
import { sealSitePassword } from '@lumen/wordpress/site-secret';
import { sql } from 'drizzle-orm';
import type { TestWordPress } from '../../../scripts/test/wordpress';

export {
  isCreatePost,
  startWordPressProxy,
  type WordPressProxy,
} from '../../../scripts/test/wordpress-proxy';

import { seedWorkspace } from './after-run-fixtures';

// What the publish-draft tests share: rows seeded the way the API leaves them, and the loopback
// proxy in front of the real WordPress (scripts/test/wordpress-proxy.ts).

/** Rank Math's REST namespace and its two meta keys exposed, as docs/publishing.md shows. */
export const SEO_MU_PLUGIN = `<?php
add_action('rest_api_init', function () {
  register_rest_route('rankmath/v1', '/ping', ['methods' => 'GET', 'callback' => fn() => 'ok', 'permission_callback' => '__return_true']);
});
add_action('init', function () {
  foreach (['rank_math_title', 'rank_math_description'] as $key) {
    register_post_meta('post', $key, ['show_in_rest' => true, 'single' => true, 'type' => 'string',
      'auth_callback' => fn() => current_user_can('edit_posts')]);
  }
});
`;

export async function createTerm(wp: TestWordPress, taxonomy: string, name: string) {
  const res = await wp.adminFetch(`/wp-json/wp/v2/${taxonomy}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await res.json()) as { id: number }).id;
}

export type Seeded = { workspaceId: string; opportunityId: string };

/** A workspace with a brand and an opportunity someone ordered content for (IN_PROGRESS). */
export async function seedOpportunity(db: Database): Promise<Seeded> {
  const workspaceId = await seedWorkspace(db);
  const [brand] = await db
    .insert(brands)
    .values({
      workspaceId,
      name: 'Northwind CRM',
      domains: ['northwindcrm.com'],
      schedule: 'manual',
    })
    .returning({ id: brands.id });
  const [opportunity] = await db
    .insert(opportunities)
    .values({
      workspaceId,
      brandId: brand!.id,
      type: 'missing_mention',
      title: 'Absent from “best CRM for startups”',
      impact: 80,
      status: 'IN_PROGRESS',
    })
    .returning({ id: opportunities.id });
  return { workspaceId, opportunityId: opportunity!.id };
}

/** A site connected the way connectWordPressSite does it, at `url` (the proxy), password sealed. */
export async function seedSite(
  db: Database,
  workspaceId: string,
  site: { url: string; username: string; applicationPassword: string; storedPassword?: string },
): Promise<string> {
  const { title, ...verification } = await verifySite(site, { allowPrivateHosts: true });
  const id = crypto.randomUUID();
  const box = loadSecretBox({ ...process.env, NODE_ENV: 'test', DATA_DIR: '.data' });
  const row = await insertSite(db, {
    id,
    workspaceId,
    name: title || 'Test site',
    url: site.url,
    username: site.username,
    sealedPassword: sealSitePassword(
      box,
      { siteId: id, url: site.url, username: site.username },
      site.storedPassword ?? site.applicationPassword,
    ),
    verification,
  });
  if (!row) throw new Error('site not inserted');
  return id;
}

export type DraftSeed = {
  title: string;
  slug: string;
  body: string;
  categories: number[];
  tags: number[];
  status?: 'APPROVED' | 'PUBLISHING' | 'SCHEDULED';
  scheduledFor?: Date;
};

/** An order for the opportunity on the site, and its draft in the given status. */
export async function seedDraft(
  db: Database,
  seeded: Seeded,
  siteId: string | null,
  draft: DraftSeed,
): Promise<string> {
  const [order] = await db
    .insert(orders)
    .values({
      workspaceId: seeded.workspaceId,
      opportunityId: seeded.opportunityId,
      siteId,
      status: 'DRAFT_READY',
      writer: 'composer',
    })
    .returning({ id: orders.id });
  const [row] = await db
    .insert(drafts)
    .values({
      workspaceId: seeded.workspaceId,
      orderId: order!.id,
      title: draft.title,
      slug: draft.slug,
      body: draft.body,
      excerpt: `${draft.title}: the short version.`,
      metaTitle: `${draft.title} | Northwind`,
      metaDescription: `Everything about ${draft.title.toLowerCase()}.`,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'Which CRM suits startups?',
            acceptedAnswer: { '@type': 'Answer', text: 'Northwind CRM, for teams under 20.' },
          },
        ],
      },
      categories: draft.categories,
      tags: draft.tags,
      status: draft.status ?? 'PUBLISHING',
      scheduledFor: draft.scheduledFor ?? null,
      approvedAt: new Date(),
    })
    .returning({ id: drafts.id });
  return row!.id;
}

/** Every post (any status, the trash included) whose raw content carries the draft's marker. */
export async function postsOfDraft(wp: TestWordPress, draftId: string) {
  const res = await wp.adminFetch(
    `/wp-json/wp/v2/posts?context=edit&per_page=100&status=publish,future,draft,pending,private,trash&search=${encodeURIComponent(`lumen:draft:${draftId}`)}`,
  );
  const posts = (await res.json()) as {
    id: number;
    status: string;
    slug: string;
    link: string;
    title: { raw: string };
    content: { raw: string };
    excerpt: { raw: string };
    categories: number[];
    tags: number[];
    meta: Record<string, unknown>;
  }[];
  return posts.filter((p) => p.content.raw.includes(`<!-- lumen:draft:${draftId} -->`));
}

export async function draftRow(db: Database, draftId: string) {
  const [row] = await db.execute<{
    status: string;
    error: string | null;
    version: number;
    itemId: string | null;
    wpPostId: number | null;
    url: string | null;
    publishedVersion: number | null;
    lastError: string | null;
  }>(sql`
    select d.status, d.error, d.version, p.id as "itemId", p.wp_post_id as "wpPostId", p.url,
           p.published_version as "publishedVersion", p.last_error as "lastError"
      from drafts d left join published_items p on p.draft_id = d.id
     where d.id = ${draftId}`);
  return row!;
}
