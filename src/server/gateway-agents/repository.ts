import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  GATEWAY_AGENT_DEVICE_PREFIX,
  GATEWAY_AGENT_MESSAGES,
  GATEWAY_AGENT_OFFLINE_AFTER_MS,
  GATEWAY_AGENT_TOKEN_PREFIX,
  isGatewayAgentDevice,
  type GatewayAgent,
  type RegisterGatewayAgent,
} from '../../shared/contracts/gateway-agents';
import type { Db } from '../db/database';
import type { GatewayAgentsTable } from '../db/schema';
import { endRecordingsOfSilentAgents, HOLDING_RECORDING_STATUSES } from '../recordings/repository';
import { hashResourceToken } from '../resources/remoteBrowsers';
import { abortRuns, now, type RunRow } from '../runs/repository';

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

/** The agent's view row: its token's record and its DESKTOP resource's liveness. */
function toGatewayAgent(row: AgentRow, lastSeenAt: number | null, pluggedIn: boolean): GatewayAgent {
  return {
    id: row.id,
    name: row.name,
    deviceId: row.device_id,
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
  };
  await db.insertInto('gateway_agents').values(row).execute();
  return { agent: toGatewayAgent(row, null, false), token };
}

export async function listGatewayAgents(db: Db, orgId: string): Promise<GatewayAgent[]> {
  const rows = await db
    .selectFrom('gateway_agents')
    .leftJoin('resources', 'resources.device_id', 'gateway_agents.device_id')
    .selectAll('gateway_agents')
    .select(['resources.last_seen_at', 'resources.plugged_in'])
    .where('gateway_agents.org_id', '=', orgId)
    .orderBy('gateway_agents.created_at', 'desc')
    .execute();
  return rows.map((row) => toGatewayAgent(row, row.last_seen_at, row.plugged_in === 1));
}

/** The RUNNING runs allocated to the agent resource `deviceId` (a run holds one resource). */
async function runningOn(db: Db, deviceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('runs')
    .select('status_id')
    .where('state', '=', 'RUNNING')
    .where('resource_ids', '=', JSON.stringify([deviceId]))
    .execute();
  return rows.map((row) => row.status_id);
}

/** Revokes the token: its agent is refused from now on, its resource goes Offline, a run on it is aborted and its recording ends. */
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
    .values({
      id: randomUUID(),
      device_id: deviceId,
      device_name: name,
      device_display_name: name,
      cmd_device_type: DESKTOP_DEVICE_TYPE,
      plugged_in: 1,
      device_in_use: 0,
      created_at: iso,
      updated_at: iso,
      last_seen_at: at,
    })
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
export async function claimRun(db: Db, agent: AgentRow & { device_id: string }): Promise<RunRow | undefined> {
  for (const statusId of await runningOn(db, agent.device_id)) {
    if (statusId === agent.claimed_status_id) continue;
    const taken = await db
      .updateTable('gateway_agents')
      .set({ claimed_status_id: statusId })
      .where('id', '=', agent.id)
      .where((eb) => eb.or([eb('claimed_status_id', 'is', null), eb('claimed_status_id', '!=', statusId)]))
      .executeTakeFirst();
    if (taken.numUpdatedRows !== 1n) continue;
    return db.selectFrom('runs').selectAll().where('status_id', '=', statusId).executeTakeFirst();
  }
  return undefined;
}

/**
 * Whether the agent may report about `statusId` (it claimed it), and whether the run still runs: a cancelled or
 * released run answers false, which tells the agent to stop.
 */
export async function agentRunState(db: Db, agent: AgentRow, statusId: string): Promise<'running' | 'stopped' | 'not-yours'> {
  if (agent.device_id === null || agent.claimed_status_id !== statusId) return 'not-yours';
  const run = await db.selectFrom('runs').select(['state', 'resource_ids']).where('status_id', '=', statusId).executeTakeFirst();
  if (run?.resource_ids !== JSON.stringify([agent.device_id])) return 'not-yours';
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
  return db
    .selectFrom('resources')
    .select('device_id')
    .where('cmd_device_type', '=', DESKTOP_DEVICE_TYPE)
    .where('device_id', 'like', `${GATEWAY_AGENT_DEVICE_PREFIX}%`)
    .where('plugged_in', '=', 1)
    .where('device_in_use', '=', 0)
    .where('last_seen_at', '>=', Date.now() - GATEWAY_AGENT_OFFLINE_AFTER_MS)
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom('recordings').select('recordings.id').whereRef('recordings.device_id', '=', 'resources.device_id').where('recordings.status', 'in', HOLDING_RECORDING_STATUSES))),
    )
    .orderBy('device_id');
}
