import { randomUUID } from 'node:crypto';
import type { UpdateResult } from 'kysely';
import { GATEWAY_AGENT_OFFLINE_AFTER_MS } from '../../shared/contracts/gateway-agents';
import type { Db } from '../db/database';
import type { ResourcesTable } from '../db/schema';
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

/** Free, Available resources of one kind that agents serve (device ids starting with `prefix`), for allocate(). */
export function freeAgentResourcesQuery(db: Db, cmdDeviceType: string, prefix: string) {
  return db
    .selectFrom('resources')
    .select('device_id')
    .where('cmd_device_type', '=', cmdDeviceType)
    .where('device_id', 'like', `${prefix}%`)
    .where('plugged_in', '=', 1)
    .where('device_in_use', '=', 0)
    .where('last_seen_at', '>=', Date.now() - GATEWAY_AGENT_OFFLINE_AFTER_MS)
    .orderBy('device_id');
}

/** A new resource an agent serves (its machine or a phone), Available as of `at`; inserted with an upsert by device id. */
export function agentResourceRow(deviceId: string, name: string, cmdDeviceType: string, at: number): ResourcesTable {
  const iso = new Date(at).toISOString();
  return {
    id: randomUUID(),
    device_id: deviceId,
    device_name: name,
    device_display_name: name,
    cmd_device_type: cmdDeviceType,
    plugged_in: 1,
    device_in_use: 0,
    created_at: iso,
    updated_at: iso,
    remote_endpoint: null,
    token_hash: null,
    last_seen_at: at,
  };
}
