import { SecretError } from '@lumen/config/secrets';
import { findSiteSecret, recordSiteCheck } from '@lumen/db/repositories/wordpress-site.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import type { WordPressSite } from '@lumen/domain/publishing/wordpress-site';
import { verifySite } from '@lumen/wordpress/client';
import { openSitePassword } from '@lumen/wordpress/site-secret';
import { WordPressError } from '@lumen/wordpress/wordpress-error';
import type { Acting, GatewayDeps } from '../context';
import { notFound } from '../errors';
import { logActivity } from './activity.service';

/**
 * Checks a connected site again with its stored password. The outcome is the site's status:
 * CONNECTED with fresh capabilities, categories and tags, or FAILING with the reason in
 * lastError. It is not an error of the request: the site is returned either way.
 */
export async function testWordPressSite(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  siteId: string,
): Promise<WordPressSite> {
  const record = (outcome: Parameters<typeof recordSiteCheck>[3]) =>
    deps.db.transaction(async (tx) => {
      const checked = await recordSiteCheck(tx, workspaceId, siteId, outcome);
      if (!checked) return null;
      await logActivity(tx, acting, {
        workspaceId,
        kind: 'wordpress_site.tested',
        level: checked.status === 'FAILING' ? 'warning' : 'info',
        message: `Tested the WordPress site ${quoted(checked.name)}: ${checked.status === 'FAILING' ? 'failing' : 'connected'}`,
        subjectType: 'wordpress_site',
        subjectId: siteId,
        data: { status: checked.status },
      });
      return checked;
    });
  const site = await findSiteSecret(deps.db, workspaceId, siteId);
  if (!site) throw notFound('WordPress site');
  let outcome: Parameters<typeof recordSiteCheck>[3];
  let applicationPassword: string;
  try {
    applicationPassword = openSitePassword(
      deps.secrets,
      { siteId: site.id, url: site.url, username: site.username },
      site.sealedPassword,
    );
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    // ENCRYPTION_KEY changed without ENCRYPTION_KEY_PREVIOUS (docs/security.md): say how to fix.
    const failing = await record({
      status: 'FAILING',
      error:
        'Lumen can no longer read the stored password (its encryption key changed). Replace the password.',
    });
    if (!failing) throw notFound('WordPress site');
    return failing;
  }
  try {
    const { title: _title, ...verification } = await verifySite(
      { url: site.url, username: site.username, applicationPassword },
      { allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS },
    );
    outcome = { status: 'CONNECTED', verification };
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    outcome = { status: 'FAILING', error: error.message };
  }
  const updated = await record(outcome);
  if (!updated) throw notFound('WordPress site');
  return updated;
}
