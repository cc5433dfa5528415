import type { UpdateResult } from 'kysely';
import type { Db } from '../db/database';
import type { RunRow } from '../runs/repository';

/** The RUNNING runs allocated to the agent resource `deviceId` (a run holds one resource). */
export async function runningOn(db: Db, deviceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('runs')
    .select('status_id')
    .where('state', '=', 'RUNNING')
    .where('resource_ids', '=', JSON.stringify([deviceId]))
    .execute();
  return rows.map((row) => row.status_id);
}

/**
 * The run allocated to an agent's resource (its machine or one of its phones) that it has not taken yet. `take`
 * marks it taken with a conditional update, so two polls never both get it.
 */
export async function claimRunOn(
  db: Db,
  deviceId: string,
  lastClaimed: string | null,
  take: (statusId: string) => Promise<UpdateResult>,
): Promise<RunRow | undefined> {
  for (const statusId of await runningOn(db, deviceId)) {
    if (statusId === lastClaimed) continue;
    if ((await take(statusId)).numUpdatedRows !== 1n) continue;
    return db.selectFrom('runs').selectAll().where('status_id', '=', statusId).executeTakeFirst();
  }
  return undefined;
}
