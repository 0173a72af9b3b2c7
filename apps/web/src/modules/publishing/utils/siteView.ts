// How a connected WordPress site reads in the list (docs/publishing.md).

type SiteLike = {
  status: 'CONNECTED' | 'FAILING';
  lastError?: string | null;
  capabilities: {
    canPublishPosts: boolean;
    seoPlugin: 'YOAST' | 'RANK_MATH' | 'AIOSEO' | null;
    seoMetaFields: readonly string[];
  };
};

export type SiteStatusView = {
  label: string;
  tone: 'success' | 'danger' | 'warning';
  detail: string;
};

const SEO_NAMES = { YOAST: 'Yoast SEO', RANK_MATH: 'Rank Math', AIOSEO: 'All in One SEO' } as const;

/** The status pill: failing wins, then a user who cannot publish, then connected. */
export function siteStatusView(site: SiteLike): SiteStatusView {
  if (site.status === 'FAILING') {
    return { label: 'Failing', tone: 'danger', detail: site.lastError ?? 'The last check failed.' };
  }
  if (!site.capabilities.canPublishPosts) {
    return {
      label: 'Cannot publish',
      tone: 'warning',
      detail: 'This user’s role cannot publish posts. Use an Author, Editor or Administrator.',
    };
  }
  return { label: 'Connected', tone: 'success', detail: 'Signed in at the last check.' };
}

/** One line on SEO: which plugin, and whether Lumen can set its title and description. */
export function seoSummary(site: SiteLike): string {
  const plugin = site.capabilities.seoPlugin;
  if (!plugin) return 'No SEO plugin found';
  const name = SEO_NAMES[plugin];
  return site.capabilities.seoMetaFields.length > 0
    ? `${name}: meta title and description writable`
    : `${name}: meta not exposed to the REST API`;
}
