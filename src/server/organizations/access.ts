import type { Context } from 'hono';
import { ORGANIZATION_MESSAGES } from '../../shared/contracts/organizations';
import { hasPermission } from '../../shared/permissions';
import type { Db } from '../db/database';
import { ApiError, FORBIDDEN_MESSAGE } from '../http/apiError';
import { currentUser, type AppEnv } from '../http/appEnv';

/**
 * Who manages organizations and licences (docs/decisions.md, Organizations and licences). Every route of the two areas
 * needs ORGANIZATIONS_MANAGEMENT; a platform administrator is such a user of the platform organization. An
 * organization administrator (the permission in any other organization) sees its own organization only, read-only:
 * other organizations are 404 to it, and what only a platform administrator does is 403.
 */
export interface OrganizationCaller {
  orgId: string;
  isPlatformAdmin: boolean;
}

export async function organizationCaller(db: Db, c: Context<AppEnv>): Promise<OrganizationCaller> {
  const orgId = currentUser(c).row.org_id;
  const org = await db.selectFrom('organizations').select('is_platform').where('id', '=', orgId).executeTakeFirst();
  return { orgId, isPlatformAdmin: org?.is_platform === 1 };
}

/** Throws 403 unless the caller is a platform administrator. */
export async function requirePlatformAdmin(db: Db, c: Context<AppEnv>): Promise<OrganizationCaller> {
  const caller = await organizationCaller(db, c);
  if (!caller.isPlatformAdmin) throw new ApiError(403, FORBIDDEN_MESSAGE);
  return caller;
}

/** Whether the caller may see organization `id`: a platform administrator sees all, others their own. */
export function canSee(caller: OrganizationCaller, id: string): boolean {
  return caller.isPlatformAdmin || caller.orgId === id;
}

export const organizationNotFound = () => new ApiError(404, ORGANIZATION_MESSAGES.notFound);

/**
 * The organization a feed may read: the caller's own, or with ORGANIZATIONS_MANAGEMENT any existing one (the test suites
 * feed and the dashboard feeds); otherwise 403, and 404 for an organization that does not exist.
 */
export async function requireReadableOrganization(db: Db, c: Context<AppEnv>, orgId: string): Promise<void> {
  const user = currentUser(c);
  if (orgId === user.row.org_id) return;
  if (!hasPermission(user.features, 'ORGANIZATIONS_MANAGEMENT')) throw new ApiError(403, FORBIDDEN_MESSAGE);
  const organization = await db.selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst();
  if (!organization) throw new ApiError(404, `Organization ${orgId} not found`);
}
