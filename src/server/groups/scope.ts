import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Db } from '../db/database';
import type { GroupsTable } from '../db/schema-groups';
import type { AppEnv } from '../http/appEnv';
import { canSee, organizationCaller } from '../organizations/access';
import { findGroupRow, groupNotFound } from './repository';

/** The {id} path parameter of the per-group routes. */
export const groupIdParams = z.object({ id: z.string().min(1).max(100) });

/** Group `id` when the caller administers its organization; 404 otherwise, as for an unknown id. */
export async function administeredGroup(db: Db, c: Context<AppEnv>, id: string): Promise<GroupsTable> {
  const row = await findGroupRow(db, id);
  if (!row || !canSee(await organizationCaller(db, c), row.org_id)) throw groupNotFound();
  return row;
}
