import { createHash } from 'node:crypto';
import {
  GATEWAY_AGENT_MESSAGES,
  MOBILE_AGENT_DEVICE_PREFIX,
  mobileDeviceNameOf,
  type AgentMobileDevice,
} from '../../shared/contracts/gateway-agents';
import { MOBILE_PLATFORM_LABELS, MOBILE_PLATFORMS, type MobilePlatform } from '../../shared/contracts/mobile';
import type { Db } from '../db/database';
import type { GatewayAgentsTable } from '../db/schema';
import { abortRuns, now, type RunRow } from '../runs/repository';
import { agentResourceRow, claimRunOn, freeAgentResourcesQuery, runningOn } from './runClaims';

export const MOBILE_DEVICE_TYPE = 'MOBILE';

/** A phone's resource id: stable for one agent and udid, so a device keeps its resource (and its chosen runs) across restarts. */
export function mobileDeviceIdOf(agentId: string, udid: string): string {
  return `${MOBILE_AGENT_DEVICE_PREFIX}${agentId.slice(0, 8)}-${createHash('sha256').update(udid).digest('hex').slice(0, 12)}`;
}

/** What Resource Management and the run report show of a phone. */
export interface MobileDetails {
  platform: MobilePlatform;
  model: string;
  /** e.g. 'Android'. */
  os: string;
  /** e.g. 'Android 14'. */
  osDisplay: string;
  /** The serial or UDID the agent listed it by. */
  udid: string;
}

const platformOf = (value: string): MobilePlatform => MOBILE_PLATFORMS.find((known) => known === value) ?? 'ANDROID';

/** The phones among `deviceIds`, by device id. */
export async function mobileDetails(db: Db, deviceIds: readonly string[]): Promise<Map<string, MobileDetails>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db.selectFrom('mobile_devices').select(['device_id', 'platform', 'model', 'os_version', 'udid']).where('device_id', 'in', deviceIds).execute();
  return new Map(
    rows.map((row) => {
      const platform = platformOf(row.platform);
      const os = MOBILE_PLATFORM_LABELS[platform];
      return [row.device_id, { platform, model: row.model, os, osDisplay: `${os} ${row.os_version}`.trim(), udid: row.udid }];
    }),
  );
}

/**
 * The agent's phones as it lists them now: each one a MOBILE resource, Available unless a run holds it. Its phones
 * missing from the list go Offline and a run on one ends ABORTED. On the agent's first list after it started
 * (`started`), the runs its listed phones had taken end ABORTED too: the agent that executed them is gone.
 * Answers each udid's device id.
 */
export async function registerAgentDevices(
  db: Db,
  agent: GatewayAgentsTable,
  devices: readonly AgentMobileDevice[],
  started: boolean,
  at: number,
): Promise<{ udid: string; deviceId: string }[]> {
  const iso = new Date(at).toISOString();
  const listed = devices.map((device) => ({ device, deviceId: mobileDeviceIdOf(agent.id, device.udid) }));
  const ids = listed.map((entry) => entry.deviceId);
  const known = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('resources').select(['device_id', 'device_name', 'device_display_name']).where('device_id', 'in', ids).execute()).map((row) => [row.device_id, row]),
  );
  for (const { device, deviceId } of listed) {
    const name = mobileDeviceNameOf(device);
    const before = known.get(deviceId);
    // A name the tester gave in Resource Management stays; one that followed the agent's follows it on.
    const displayName = before === undefined || before.device_display_name === before.device_name ? name : before.device_display_name;
    await db
      .insertInto('resources')
      .values(agentResourceRow(deviceId, name, MOBILE_DEVICE_TYPE, at))
      .onConflict((oc) => oc.column('device_id').doUpdateSet({ device_name: name, device_display_name: displayName, plugged_in: 1, last_seen_at: at, updated_at: iso }))
      .execute();
    const details = { platform: device.platform, model: device.model, os_version: device.osVersion, listed: 1 };
    await db
      .insertInto('mobile_devices')
      .values({ device_id: deviceId, agent_id: agent.id, udid: device.udid, ...details, claimed_status_id: null, created_at: iso })
      .onConflict((oc) => oc.column('device_id').doUpdateSet(details))
      .execute();
  }
  const gone = await db
    .selectFrom('mobile_devices')
    .innerJoin('resources', 'resources.device_id', 'mobile_devices.device_id')
    .select(['mobile_devices.device_id', 'resources.device_display_name'])
    .where('mobile_devices.agent_id', '=', agent.id)
    .where('mobile_devices.listed', '=', 1)
    .$if(ids.length > 0, (query) => query.where('mobile_devices.device_id', 'not in', ids))
    .execute();
  for (const { device_id: deviceId, device_display_name: name } of gone) {
    await db.updateTable('mobile_devices').set({ listed: 0 }).where('device_id', '=', deviceId).execute();
    await db.updateTable('resources').set({ plugged_in: 0, updated_at: iso }).where('device_id', '=', deviceId).execute();
    await abortRuns(db, await runningOn(db, deviceId), GATEWAY_AGENT_MESSAGES.deviceGoneAbort(name));
  }
  if (started) {
    const claimed = await db.selectFrom('mobile_devices').select(['device_id', 'claimed_status_id']).where('agent_id', '=', agent.id).where('listed', '=', 1).execute();
    for (const { device_id: deviceId, claimed_status_id: statusId } of claimed) {
      if (statusId === null) continue;
      const running = (await runningOn(db, deviceId)).filter((candidate) => candidate === statusId);
      await abortRuns(db, running, GATEWAY_AGENT_MESSAGES.restartedAbort(deviceId));
    }
  }
  await db.updateTable('gateway_agents').set({ devices_registered_at: iso }).where('id', '=', agent.id).execute();
  return listed.map(({ device, deviceId }) => ({ udid: device.udid, deviceId }));
}

/** The listed phones of each agent, by agent id (the agents panel names them). */
export async function listedDevicesOfAgents(db: Db, agentIds: readonly string[]): Promise<Map<string, string[]>> {
  const byAgent = new Map<string, string[]>();
  if (agentIds.length === 0) return byAgent;
  const rows = await db.selectFrom('mobile_devices').select(['agent_id', 'device_id']).where('agent_id', 'in', agentIds).where('listed', '=', 1).orderBy('device_id').execute();
  for (const row of rows) byAgent.set(row.agent_id, [...(byAgent.get(row.agent_id) ?? []), row.device_id]);
  return byAgent;
}

/**
 * A heartbeat or claim of a live agent keeps its machine and its listed phones Available (an unlisted one stays
 * Offline). One statement, conditioned on the agent not being revoked and the phone still listed: with the list read
 * apart from the write, a heartbeat that raced a revocation or a list without the phone plugged its resource in again
 * (seen under load on PostgreSQL).
 */
export async function touchAgentResources(db: Db, agent: Pick<GatewayAgentsTable, 'id' | 'device_id'>, at: number): Promise<void> {
  await db
    .updateTable('resources')
    .set({ plugged_in: 1, last_seen_at: at, updated_at: new Date(at).toISOString() })
    .where((eb) =>
      eb.and([
        eb.or([
          ...(agent.device_id === null ? [] : [eb('device_id', '=', agent.device_id)]),
          eb('device_id', 'in', eb.selectFrom('mobile_devices').select('device_id').where('agent_id', '=', agent.id).where('listed', '=', 1)),
        ]),
        eb.exists(eb.selectFrom('gateway_agents').select('id').where('id', '=', agent.id).where('revoked_at', 'is', null)),
      ]),
    )
    .execute();
}

/** For each of the agent's idle listed phones, the run allocated to it that it has not taken yet (taken now). */
export async function claimDeviceRuns(db: Db, agentId: string, idleDeviceIds: readonly string[]): Promise<{ deviceId: string; run: RunRow }[]> {
  if (idleDeviceIds.length === 0) return [];
  const devices = await db
    .selectFrom('mobile_devices')
    .select(['device_id', 'claimed_status_id'])
    .where('agent_id', '=', agentId)
    .where('listed', '=', 1)
    .where('device_id', 'in', idleDeviceIds)
    .execute();
  const claimed: { deviceId: string; run: RunRow }[] = [];
  for (const device of devices) {
    const run = await claimRunOn(db, device.device_id, device.claimed_status_id, (statusId) =>
      db
        .updateTable('mobile_devices')
        .set({ claimed_status_id: statusId })
        .where('device_id', '=', device.device_id)
        .where((eb) => eb.or([eb('claimed_status_id', 'is', null), eb('claimed_status_id', '!=', statusId)]))
        .executeTakeFirst(),
    );
    if (run) claimed.push({ deviceId: device.device_id, run });
  }
  return claimed;
}

/** The runs the agent's phones took last that no longer run (cancelled, released, aborted): the agent stops them. */
export async function stoppedDeviceRuns(db: Db, agentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mobile_devices')
    .innerJoin('runs', 'runs.status_id', 'mobile_devices.claimed_status_id')
    .select('runs.status_id')
    .where('mobile_devices.agent_id', '=', agentId)
    .where('runs.state', '!=', 'RUNNING')
    .execute();
  return rows.map((row) => row.status_id);
}

/** Whether `deviceId` is a phone of the agent that took `statusId`. */
export async function deviceClaimed(db: Db, agentId: string, deviceId: string, statusId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mobile_devices')
    .select('device_id')
    .where('device_id', '=', deviceId)
    .where('agent_id', '=', agentId)
    .where('claimed_status_id', '=', statusId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every phone of the agent goes Offline, and the runs on them end ABORTED with `reason` (a revoked token). */
export async function unplugAgentDevices(db: Db, agentId: string, reason: (deviceId: string) => string): Promise<string[]> {
  const ids = (await db.selectFrom('mobile_devices').select('device_id').where('agent_id', '=', agentId).execute()).map((row) => row.device_id);
  if (ids.length === 0) return [];
  await db.updateTable('resources').set({ plugged_in: 0, updated_at: now() }).where('device_id', 'in', ids).execute();
  for (const deviceId of ids) await abortRuns(db, await runningOn(db, deviceId), reason(deviceId));
  return ids;
}

/**
 * Free, Available phones, for allocate(): the caller locks the query (FOR UPDATE SKIP LOCKED). Only a run that names
 * one in hybridDeviceIds takes it (docs/decisions.md, Mobile resources).
 */
export function freeMobileDevicesQuery(db: Db) {
  return freeAgentResourcesQuery(db, MOBILE_DEVICE_TYPE, MOBILE_AGENT_DEVICE_PREFIX);
}
