import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  GATEWAY_AGENT_DEVICE_PREFIX,
  GATEWAY_AGENT_MESSAGES,
  GATEWAY_AGENT_TOKEN_PREFIX,
  isGatewayAgentDevice,
  type GatewayAgent,
  type RegisterGatewayAgent,
} from '../../shared/contracts/gateway-agents';
import type { Db } from '../db/database';
import type { GatewayAgentsTable } from '../db/schema';
import { endRecordingsOfSilentAgents, HOLDING_RECORDING_STATUSES } from '../recordings/repository';
import { hashResourceToken } from '../resources/remoteBrowsers';
import { abortRuns, now, parseStringList, type RunRow } from '../runs/repository';
import { deviceClaimed, listedDevicesOfAgents, unplugAgentDevices } from './mobileDevices';
import { agentResourceRow, claimRunOn, freeAgentResourcesQuery, runningOn } from './runClaims';

export const DESKTOP_DEVICE_TYPE = 'DESKTOP';

const browserListSchema = z.array(z.string());

/** What a gateway agent reported of its machine when it registered. */
export interface AgentMachine {
  os: string | null;
  browsers: string[];
}

/** The machines of the gateway agents among `deviceIds`, by device id. */
export async function agentMachines(db: Db, deviceIds: readonly string[]): Promise<Map<string, AgentMachine>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db.selectFrom('gateway_agents').select(['device_id', 'os', 'browsers']).where('device_id', 'in', deviceIds).execute();
  return new Map(
    rows.flatMap((row) => (row.device_id === null ? [] : [[row.device_id, { os: row.os, browsers: browserListSchema.parse(JSON.parse(row.browsers)) }] as const])),
  );
}

type AgentRow = GatewayAgentsTable;

/** The agent's view row: its token's record, its resources' liveness and its listed phones. */
function toGatewayAgent(row: AgentRow, lastSeenAt: number | null, pluggedIn: boolean, mobileDeviceIds: string[] = []): GatewayAgent {
  return {
    id: row.id,
    name: row.name,
    deviceId: row.device_id,
    mobileDeviceIds,
    os: row.os,
    browsers: browserListSchema.parse(JSON.parse(row.browsers)),
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastSeenAt: lastSeenAt === null ? null : new Date(lastSeenAt).toISOString(),
    online: pluggedIn && row.revoked_at === null,
    revokedAt: row.revoked_at,
  };
}

export async function createGatewayAgent(db: Db, orgId: string, name: string, by: string): Promise<{ agent: GatewayAgent; token: string }> {
  const token = `${GATEWAY_AGENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: AgentRow = {
    id: randomUUID(),
    org_id: orgId,
    name,
    token_hash: hashResourceToken(token),
    device_id: null,
    os: null,
    browsers: '[]',
    claimed_status_id: null,
    created_by: by,
    created_at: now(),
    revoked_at: null,
    devices_registered_at: null,
  };
  await db.insertInto('gateway_agents').values(row).execute();
  return { agent: toGatewayAgent(row, null, false), token };
}

/**
 * The organization's agents, newest first. An agent is online while its machine's resource or one of its phones'
 * is plugged in; lastSeenAt is the latest beat of any of them.
 */
export async function listGatewayAgents(db: Db, orgId: string): Promise<GatewayAgent[]> {
  const rows = await db.selectFrom('gateway_agents').selectAll().where('org_id', '=', orgId).orderBy('created_at', 'desc').execute();
  const phones = await listedDevicesOfAgents(db, rows.map((row) => row.id));
  const resourceIds = rows.flatMap((row) => [...(row.device_id === null ? [] : [row.device_id]), ...(phones.get(row.id) ?? [])]);
  const resources = new Map(
    resourceIds.length === 0
      ? []
      : (await db.selectFrom('resources').select(['device_id', 'last_seen_at', 'plugged_in']).where('device_id', 'in', resourceIds).execute()).map((row) => [row.device_id, row]),
  );
  return rows.map((row) => {
    const mobileDeviceIds = phones.get(row.id) ?? [];
    const own = [row.device_id, ...mobileDeviceIds].flatMap((deviceId) => (deviceId === null ? [] : [resources.get(deviceId)].filter((found) => found !== undefined)));
    const seen = own.flatMap((resource) => (resource.last_seen_at === null ? [] : [resource.last_seen_at]));
    return toGatewayAgent(row, seen.length === 0 ? null : Math.max(...seen), own.some((resource) => resource.plugged_in === 1), mobileDeviceIds);
  });
}

/**
 * Revokes the token: its agent is refused from now on, its resources (machine and phones) go Offline, a run on one
 * is aborted and its recording ends.
 */
export async function revokeGatewayAgent(db: Db, orgId: string, id: string): Promise<GatewayAgent | undefined> {
  const row = await db
    .updateTable('gateway_agents')
    .set({ revoked_at: now() })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.device_id !== null) {
    await db.updateTable('resources').set({ plugged_in: 0, updated_at: now() }).where('device_id', '=', row.device_id).execute();
    await abortRuns(db, await runningOn(db, row.device_id), GATEWAY_AGENT_MESSAGES.revokedAbort(row.device_id));
    // A revoked agent is never heard again, like a silent one, and the sweep only sees resources that were plugged in.
    await endRecordingsOfSilentAgents(db, [row.device_id]);
  }
  await unplugAgentDevices(db, row.id, GATEWAY_AGENT_MESSAGES.revokedAbort);
  return toGatewayAgent(row, null, false);
}

/** The live (not revoked) agent a token belongs to. */
export async function findGatewayAgentByToken(db: Db, token: string): Promise<AgentRow | undefined> {
  return db
    .selectFrom('gateway_agents')
    .selectAll()
    .where('token_hash', '=', hashResourceToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The agent's machine as a DESKTOP resource, Available from now on: created on its first registration, renamed when
 * the command names it. A run it was executing when it registers again cannot go on (the agent restarted).
 */
export async function registerGatewayAgent(db: Db, agent: AgentRow, machine: RegisterGatewayAgent, at: number): Promise<string> {
  const deviceId = agent.device_id ?? `${GATEWAY_AGENT_DEVICE_PREFIX}${agent.id.slice(0, 8)}`;
  const name = machine.name ?? agent.name;
  const iso = new Date(at).toISOString();
  await db
    .insertInto('resources')
    .values(agentResourceRow(deviceId, name, DESKTOP_DEVICE_TYPE, at))
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet({
        plugged_in: 1,
        last_seen_at: at,
        updated_at: iso,
        ...(machine.name === undefined ? {} : { device_name: name, device_display_name: name }),
      }),
    )
    .execute();
  await db
    .updateTable('gateway_agents')
    .set({ device_id: deviceId, os: machine.os, browsers: JSON.stringify(machine.browsers) })
    .where('id', '=', agent.id)
    .execute();
  const claimed = (await runningOn(db, deviceId)).filter((statusId) => statusId === agent.claimed_status_id);
  await abortRuns(db, claimed, GATEWAY_AGENT_MESSAGES.restartedAbort(deviceId));
  return deviceId;
}

/**
 * The run allocated to the agent's resource that it has not taken yet, marked taken in the same conditional update
 * so two polls of one agent never both get it.
 */
export function claimRun(db: Db, agent: AgentRow & { device_id: string }): Promise<RunRow | undefined> {
  return claimRunOn(db, agent.device_id, agent.claimed_status_id, (statusId) =>
    db
      .updateTable('gateway_agents')
      .set({ claimed_status_id: statusId })
      .where('id', '=', agent.id)
      .where((eb) => eb.or([eb('claimed_status_id', 'is', null), eb('claimed_status_id', '!=', statusId)]))
      .executeTakeFirst(),
  );
}

/**
 * Whether the agent may report about `statusId` (its machine or one of its phones claimed it), and whether the run
 * still runs: a cancelled or released run answers false, which tells the agent to stop.
 */
export async function agentRunState(db: Db, agent: AgentRow, statusId: string): Promise<'running' | 'stopped' | 'not-yours'> {
  const run = await db.selectFrom('runs').select(['state', 'resource_ids']).where('status_id', '=', statusId).executeTakeFirst();
  const resources = run === undefined ? [] : parseStringList(run.resource_ids);
  const [deviceId] = resources;
  if (run === undefined || deviceId === undefined || resources.length !== 1) return 'not-yours';
  const claimed = deviceId === agent.device_id ? agent.claimed_status_id === statusId : await deviceClaimed(db, agent.id, deviceId, statusId);
  if (!claimed) return 'not-yours';
  return run.state === 'RUNNING' ? 'running' : 'stopped';
}

/**
 * Of the resources that just went Offline (resources/remoteBrowsers.ts unplugSilentRemoteBrowsers, which covers every
 * resource that beats), the gateway agents' runs end ABORTED: nobody executes them any more (docs/decisions.md). Their
 * recordings end too (recordings/repository.ts endRecordingsOfSilentAgents).
 */
export async function abortRunsOfSilentAgents(db: Db, silentDeviceIds: readonly string[]): Promise<number> {
  await endRecordingsOfSilentAgents(db, silentDeviceIds);
  let aborted = 0;
  for (const deviceId of silentDeviceIds.filter(isGatewayAgentDevice)) {
    aborted += await abortRuns(db, await runningOn(db, deviceId), GATEWAY_AGENT_MESSAGES.silentAbort(deviceId));
  }
  return aborted;
}

/**
 * Free, Available agent resources, for allocate(): the query is locked by the caller (FOR UPDATE SKIP LOCKED). An
 * agent whose recording holds it is busy.
 */
export function freeAgentsQuery(db: Db) {
  return freeAgentResourcesQuery(db, DESKTOP_DEVICE_TYPE, GATEWAY_AGENT_DEVICE_PREFIX).where(({ exists, not, selectFrom }) =>
    not(exists(selectFrom('recordings').select('recordings.id').whereRef('recordings.device_id', '=', 'resources.device_id').where('recordings.status', 'in', HOLDING_RECORDING_STATUSES))),
  );
}
