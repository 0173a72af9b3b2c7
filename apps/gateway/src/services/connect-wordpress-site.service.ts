import { randomUUID } from 'node:crypto';
import { insertSite, siteUrlTaken } from '@lumen/db/repositories/wordpress-site.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import {
  ConnectWordPressSiteInputSchema,
  type WordPressSite,
} from '@lumen/domain/publishing/wordpress-site';
import { sealSitePassword } from '@lumen/wordpress/site-secret';
import type { Acting, GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { logActivity } from './activity.service';
import { verifyForForm } from './verify-wordpress-site';

const alreadyConnected = () =>
  new LumenError('CONFLICT', 'This site is already connected to the workspace.', {
    fields: { url: 'This site is already connected to the workspace.' },
  });

/**
 * Verifies the site with the given application password and only then stores it, sealed with
 * the new row's id: a wrong password or an address that is not WordPress stores nothing.
 */
export async function connectWordPressSite(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  raw: unknown,
): Promise<WordPressSite> {
  const parsed = ConnectWordPressSiteInputSchema.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  if (await siteUrlTaken(deps.db, workspaceId, input.url)) throw alreadyConnected();
  const { title, ...verification } = await verifyForForm(deps, input);
  const id = randomUUID();
  const site = await deps.db.transaction(async (tx) => {
    const row = await insertSite(tx, {
      id,
      workspaceId,
      name: input.name ?? (title.trim() || new URL(input.url).host),
      url: input.url,
      username: input.username,
      sealedPassword: sealSitePassword(
        deps.secrets,
        { siteId: id, url: input.url, username: input.username },
        input.applicationPassword,
      ),
      verification,
    });
    if (row) {
      await logActivity(tx, acting, {
        workspaceId,
        kind: 'wordpress_site.connected',
        message: `Connected the WordPress site ${quoted(row.name)}`,
        subjectType: 'wordpress_site',
        subjectId: row.id,
        data: { url: row.url },
      });
    }
    return row;
  });
  if (!site) throw alreadyConnected();
  return site;
}
