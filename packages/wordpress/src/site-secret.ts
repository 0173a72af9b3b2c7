import { type SecretBox, SecretError } from '@lumen/config/secrets';

// A site's application password is sealed to the row and to the origin and user name it was
// verified with (docs/security.md, "Secrets at rest"): the associated data names all three, so
// the envelope opens only for a call to that origin as that user. A new address on another
// origin or another user needs the password entered again (updateWordPressSite says so).

/** The row, and where its password is verified for. */
export type SiteBinding = { siteId: string; url: string; username: string };

const originOf = (url: string) => new URL(url).origin;

const boundData = (b: SiteBinding) =>
  `wordpress-site:v2:${JSON.stringify([b.siteId, originOf(b.url), b.username])}`;

/** Envelopes sealed before the binding existed named the row only. */
const legacyData = (siteId: string) => `wordpress-site:${siteId}`;

export function sealSitePassword(box: SecretBox, binding: SiteBinding, password: string): string {
  return box.seal(password, boundData(binding));
}

/** True when a password verified for `stored` may be sent to `target` (same origin and user). */
export function sameSiteBinding(
  stored: Pick<SiteBinding, 'url' | 'username'>,
  target: Pick<SiteBinding, 'url' | 'username'>,
): boolean {
  return originOf(stored.url) === originOf(target.url) && stored.username === target.username;
}

/**
 * Opens the password of the row `stored` (its id, url and user as stored) for a call to `target`
 * (by default the stored site itself). A target on another origin or as another user is refused
 * before anything is decrypted. An envelope sealed before the binding (the row id only) still
 * opens, but only for the row's own stored origin and user: the address and user it was verified
 * with, since every change of either re-verified and stored both together. It is sealed bound
 * the next time the password is replaced.
 */
export function openSitePassword(
  box: SecretBox,
  stored: SiteBinding,
  sealed: string,
  target: Pick<SiteBinding, 'url' | 'username'> = stored,
): string {
  if (!sameSiteBinding(stored, target)) {
    throw new SecretError('The stored password is bound to another address or user.');
  }
  try {
    return box.open(sealed, boundData(stored));
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    return box.open(sealed, legacyData(stored.siteId));
  }
}
