import {
  findWorkspaceRow,
  setWorkspaceBrandDefaults,
} from '@lumen/db/repositories/team.repository';
import type { MemberWorkspace } from '@lumen/db/repositories/workspace.repository';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import {
  type BrandDefaults,
  BrandDefaultsSchema,
  readBrandDefaults,
} from '@lumen/domain/brands/brand-defaults';
import type { Acting, AuthUser, GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { logActivity } from './activity.service';
import { accessTo, workspaceView } from './team.service';

// Defaults for new brands (docs/brands.md, "Defaults for new brands"): owners and admins set
// them per workspace; the brand form starts from them.

export async function brandDefaultsOf(
  deps: GatewayDeps,
  workspaceId: string,
): Promise<BrandDefaults | null> {
  const row = await findWorkspaceRow(deps.db, workspaceId);
  return readBrandDefaults(row?.brandDefaults);
}

export async function setBrandDefaultsAs(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  workspaceId: string,
  input: unknown,
): Promise<MemberWorkspace> {
  const access = await accessTo(deps, user, workspaceId);
  if (!teamAllows(access.role, 'setBrandDefaults')) {
    throw new LumenError('FORBIDDEN', 'Only owners and admins set the defaults for new brands.');
  }
  const parsed = input === null ? null : BrandDefaultsSchema.safeParse(input);
  if (parsed && !parsed.success) throw badInput(parsed.error.issues);
  const next = parsed ? parsed.data : null;
  await deps.db.transaction(async (tx) => {
    const before = await findWorkspaceRow(tx, access.id);
    await setWorkspaceBrandDefaults(tx, access.id, next);
    await logActivity(tx, acting, {
      workspaceId: access.id,
      kind: 'workspace.brand_defaults_changed',
      message: next ? 'Changed the defaults for new brands' : 'Cleared the defaults for new brands',
      subjectType: 'workspace',
      subjectId: access.id,
      data: { from: readBrandDefaults(before?.brandDefaults), to: next },
    });
  });
  return workspaceView(deps, access.id, access.role, user.id);
}
