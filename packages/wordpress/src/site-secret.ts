import type { SecretBox } from '@lumen/config/secrets';

// A site's application password is sealed with the site row's id as associated data, so a
// ciphertext copied into another row does not open (docs/security.md, "Secrets at rest").
const associatedData = (siteId: string) => `wordpress-site:${siteId}`;

export function sealSitePassword(box: SecretBox, siteId: string, password: string): string {
  return box.seal(password, associatedData(siteId));
}

export function openSitePassword(box: SecretBox, siteId: string, sealed: string): string {
  return box.open(sealed, associatedData(siteId));
}
