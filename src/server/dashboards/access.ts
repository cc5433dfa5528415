import type { Context } from 'hono';
import { hasPermission } from '../../shared/permissions';
import { ApiError, FORBIDDEN_MESSAGE } from '../http/apiError';
import { currentUser, type AppEnv } from '../http/appEnv';
import type { Access } from '../http/endpoints';
import type { Db } from '../db/database';

/** Spec part 3 §6: reports and datasets are read with either dashboard permission, and written with the management one. */
export const DASHBOARD_VIEW_ACCESS = { anyOf: ['DASHBOARD_MANAGEMENT', 'DASHBOARD_PUBLISHED'] } as const satisfies Access;
export const DASHBOARD_EDIT_ACCESS = 'DASHBOARD_MANAGEMENT' satisfies Access;

/**
 * The organization a feed may read: the caller's own, or with ORGANIZATIONS_MANAGEMENT any existing one (as the test
 * suites feed allows); otherwise 403, and 404 for an organization that does not exist.
 */
export async function requireReadableOrganization(db: Db, c: Context<AppEnv>, orgId: string): Promise<void> {
  const user = currentUser(c);
  if (orgId === user.row.org_id) return;
  if (!hasPermission(user.features, 'ORGANIZATIONS_MANAGEMENT')) throw new ApiError(403, FORBIDDEN_MESSAGE);
  const organization = await db.selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst();
  if (!organization) throw new ApiError(404, `Organization ${orgId} not found`);
}
