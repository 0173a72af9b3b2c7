import type { SiteVerification } from '@lumen/db/repositories/wordpress-site.repository';
import { type SiteCredentials, verifySite } from '@lumen/wordpress/client';
import { WordPressError } from '@lumen/wordpress/wordpress-error';
import type { GatewayDeps } from '../context';
import { badInput } from '../errors';

/**
 * Verifies credentials for a form: a failure becomes BAD_USER_INPUT on the field at fault (the
 * password field for a refused password), with a message the user can act on.
 */
export async function verifyForForm(
  deps: GatewayDeps,
  credentials: SiteCredentials,
): Promise<SiteVerification & { title: string }> {
  try {
    return await verifySite(credentials, { allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS });
  } catch (error) {
    if (error instanceof WordPressError) {
      throw badInput([{ path: [error.field], message: error.message }]);
    }
    throw error;
  }
}
