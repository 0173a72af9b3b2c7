import { SecretError } from '@lumen/config/secrets';
import {
  findSiteSecret,
  siteUrlTaken,
  updateSiteSettings,
} from '@lumen/db/repositories/wordpress-site.repository';
import { changedFields, quoted } from '@lumen/domain/activity/activity-entry';
import {
  UpdateWordPressSiteInputSchema,
  type WordPressSite,
} from '@lumen/domain/publishing/wordpress-site';
import {
  openSitePassword,
  type SiteBinding,
  sameSiteBinding,
  sealSitePassword,
} from '@lumen/wordpress/site-secret';
import type { Acting, GatewayDeps } from '../context';
import { badInput, LumenError, notFound } from '../errors';
import { logActivity } from './activity.service';
import { verifyForForm } from './verify-wordpress-site';

function openStored(
  deps: GatewayDeps,
  binding: SiteBinding,
  sealed: string,
  url: string,
  username: string,
): string {
  try {
    return openSitePassword(deps.secrets, binding, sealed, { url, username });
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    throw badInput([
      {
        path: ['applicationPassword'],
        message:
          'Lumen can no longer read the stored password. Enter the application password again.',
      },
    ]);
  }
}

/**
 * Renames a site, or points it at a new address, user or password. Anything but the name is
 * verified first, with the new values; a failed check changes nothing. The stored password is
 * used only for the origin and user it was verified with (docs/security.md, "Secrets at rest"):
 * a new origin or user needs the password entered again, so it is never sent to another host.
 */
export async function updateWordPressSite(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
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
  const rebinds = !sameSiteBinding(site, { url, username });
  if (rebinds && !input.applicationPassword) {
    const message =
      'Enter the application password again: Lumen sends a stored password only to the address and user it was verified with.';
    throw badInput([{ path: ['applicationPassword'], message }]);
  }
  let patch: Parameters<typeof updateSiteSettings>[3] = {
    ...(input.name ? { name: input.name } : {}),
  };
  if (changesConnection) {
    const stored = await findSiteSecret(deps.db, workspaceId, site.id);
    if (!stored) throw notFound('WordPress site');
    const binding = { siteId: site.id, url: stored.url, username: stored.username };
    const password =
      input.applicationPassword ?? openStored(deps, binding, stored.sealedPassword, url, username);
    const { title: _title, ...verification } = await verifyForForm(deps, {
      url,
      username,
      applicationPassword: password,
    });
    // Sealed again for the new binding: with a new password, or the stored one on a new path
    // of the same origin (an envelope from before the binding is upgraded on the way).
    const sealedPassword = sealSitePassword(
      deps.secrets,
      { siteId: site.id, url, username },
      password,
    );
    patch = { ...patch, url, username, verification, sealedPassword };
  }
  return deps.db.transaction(async (tx) => {
    const updated = await updateSiteSettings(tx, workspaceId, site.id, patch);
    if (!updated) throw notFound('WordPress site');
    // Never the password; whether one was given is enough.
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'wordpress_site.updated',
      message: `Changed the WordPress site ${quoted(updated.name)}`,
      subjectType: 'wordpress_site',
      subjectId: site.id,
      data: {
        ...changedFields(
          { name: site.name, url: site.url },
          { name: updated.name, url: updated.url },
        ),
        passwordReplaced: Boolean(input.applicationPassword),
      },
    });
    return updated;
  });
}
