import {
  findSiteSecret,
  siteUrlTaken,
  updateSiteSettings,
} from '@lumen/db/repositories/wordpress-site.repository';
import {
  UpdateWordPressSiteInputSchema,
  type WordPressSite,
} from '@lumen/domain/publishing/wordpress-site';
import { openSitePassword, sealSitePassword } from '@lumen/wordpress/site-secret';
import type { GatewayDeps } from '../context';
import { badInput, LumenError, notFound } from '../errors';
import { verifyForForm } from './verify-wordpress-site';

/**
 * Renames a site, or points it at a new address, user or password. Anything but the name is
 * verified first, with the new values (and the stored password when no new one is given);
 * a failed check changes nothing.
 */
export async function updateWordPressSite(
  deps: GatewayDeps,
  workspaceId: string,
  site: WordPressSite,
  raw: unknown,
): Promise<WordPressSite> {
  const parsed = UpdateWordPressSiteInputSchema.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  if (input.name === '')
    throw badInput([{ path: ['name'], message: 'Enter a name for the site.' }]);
  const url = input.url ?? site.url;
  const username = input.username ?? site.username;
  const changesConnection =
    url !== site.url || username !== site.username || Boolean(input.applicationPassword);
  if (url !== site.url && (await siteUrlTaken(deps.db, workspaceId, url, site.id))) {
    throw new LumenError('CONFLICT', 'This site is already connected to the workspace.', {
      fields: { url: 'This site is already connected to the workspace.' },
    });
  }
  let patch: Parameters<typeof updateSiteSettings>[3] = {
    ...(input.name ? { name: input.name } : {}),
  };
  if (changesConnection) {
    const stored = await findSiteSecret(deps.db, workspaceId, site.id);
    if (!stored) throw notFound('WordPress site');
    const password =
      input.applicationPassword ?? openSitePassword(deps.secrets, site.id, stored.sealedPassword);
    const { title: _title, ...verification } = await verifyForForm(deps, {
      url,
      username,
      applicationPassword: password,
    });
    patch = {
      ...patch,
      url,
      username,
      verification,
      ...(input.applicationPassword
        ? { sealedPassword: sealSitePassword(deps.secrets, site.id, input.applicationPassword) }
        : {}),
    };
  }
  const updated = await updateSiteSettings(deps.db, workspaceId, site.id, patch);
  if (!updated) throw notFound('WordPress site');
  return updated;
}
