import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { USER_ADMIN_MESSAGES, type UserAccount } from '../../shared/contracts/users';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';
import type { AppEnv } from '../http/appEnv';
import { canSee, organizationCaller, organizationNotFound } from '../organizations/access';
import { findUserById, userAccountOf, type UserRow } from './repository';

/**
 * Which organization's users and groups the caller administers (docs/decisions.md, Users and groups): its own, or, for
 * a platform administrator, the one it names. Another or an unknown organization is 404, as for organizations.
 */
export async function administeredOrgId(db: Db, c: Context<AppEnv>, requested: string | undefined): Promise<string> {
  const caller = await organizationCaller(db, c);
  if (requested === undefined || requested === caller.orgId) return caller.orgId;
  if (!canSee(caller, requested)) throw organizationNotFound();
  const exists = await db.selectFrom('organizations').select('id').where('id', '=', requested).executeTakeFirst();
  if (!exists) throw organizationNotFound();
  return requested;
}

export const userNotFound = () => new ApiError(404, USER_ADMIN_MESSAGES.notFound);

/** The user `id` when the caller administers its organization; 404 otherwise, as for an unknown id. */
export async function administeredUser(db: Db, c: Context<AppEnv>, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw userNotFound();
  const caller = await organizationCaller(db, c);
  if (!canSee(caller, row.org_id)) throw userNotFound();
  return row;
}

/** The {id} path parameter of the per-user routes. */
export const userIdParams = z.object({ id: z.string().min(1).max(100) });

/** The user as the administration screens show it, read again after a change. */
export async function savedUserAccount(db: Db, id: string): Promise<UserAccount> {
  const row = await findUserById(db, id);
  if (!row) throw userNotFound();
  return userAccountOf(db, row);
}
