import { randomUUID } from 'node:crypto';
import {
  ACTIVE_RECORDING_STATUSES,
  RECORDING_MESSAGES,
  RECORDING_PROCESS_TYPE,
  recordingStoppedMessage,
  type AgentRecordingCommand,
  type RecordedAction,
  type RecordingProcess,
  type RecordingStatus,
  type StartRecording,
} from '../../shared/contracts/recordings';
import { GATEWAY_AGENT_OFFLINE_AFTER_MS, isGatewayAgentDevice } from '../../shared/contracts/gateway-agents';
import { insertCollection } from '../collections/repository';
import type { Db } from '../db/database';
import { isUniqueViolation, lockedRowsWaiting } from '../db/dialect';
import type { UsersTable } from '../db/schema';
import { freeCollectionName } from '../importexport/importer';
import { RECENT_PROCESS_LIMIT, RECENT_PROCESS_MS } from '../importexport/importProcesses';
import { recordedCollection } from './collectionBuilder';
import type { RecordingsTable } from './schema';

/** A recording in one of these holds its device: no run and no other recording is given it (the migration's index). */
export const HOLDING_RECORDING_STATUSES = [...ACTIVE_RECORDING_STATUSES, 'PROCESSING'] as const satisfies readonly RecordingStatus[];
const ENDED_STATUSES = ['COMPLETED', 'CANCELLED'] as const satisfies readonly RecordingStatus[];
/** How long an ended recording is still told to its agent, so it closes its browser (spec: "just stopped"). */
export const ENDED_RECORDING_TOLD_MS = 60_000;
const DESKTOP = 'DESKTOP';

export type RecordingRow = RecordingsTable;
type Caller = Pick<UsersTable, 'id' | 'org_id' | 'user_id'>;

const iso = (at: number = Date.now()) => new Date(at).toISOString();

/**
 * Starts a recording on an online, idle gateway agent DESKTOP resource of the caller's organization. The resource row
 * is locked (PostgreSQL) so allocate() cannot give it a run meanwhile; the partial unique index settles two starts.
 * 'unavailable': no such device here or it is offline; 'busy': it executes a run or holds a recording.
 */
export async function startRecording(db: Db, caller: Caller, input: StartRecording, at = Date.now()): Promise<string | 'unavailable' | 'busy'> {
  if (!isGatewayAgentDevice(input.deviceId)) return 'unavailable';
  try {
    return await db.transaction().execute(async (trx) => {
      const agent = await trx
        .selectFrom('gateway_agents')
        .select('id')
        .where('device_id', '=', input.deviceId)
        .where('org_id', '=', caller.org_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      const resource = await lockedRowsWaiting(
        trx,
        trx.selectFrom('resources').select(['plugged_in', 'device_in_use', 'last_seen_at', 'cmd_device_type']).where('device_id', '=', input.deviceId),
      ).executeTakeFirst();
      const online = resource?.plugged_in === 1 && (resource.last_seen_at ?? 0) >= at - GATEWAY_AGENT_OFFLINE_AFTER_MS;
      if (!agent || resource?.cmd_device_type !== DESKTOP || !online) return 'unavailable';
      if (resource.device_in_use === 1) return 'busy';
      const id = randomUUID();
      await trx
        .insertInto('recordings')
        .values({
          id,
          org_id: caller.org_id,
          user_id: caller.id,
          created_by: caller.user_id,
          device_id: input.deviceId,
          name: input.name,
          status: 'INPROGRESS',
          message: RECORDING_MESSAGES.started,
          action_count: 0,
          collection_id: null,
          created_at: iso(at),
          updated_at: iso(at),
        })
        .execute();
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'busy';
    throw error;
  }
}

/** The caller's own recording; another user's is not found. */
export function findOwnRecording(db: Db, id: string, userId: string): Promise<RecordingRow | undefined> {
  return db.selectFrom('recordings').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Moves the recording from one of `from` to `to` in one conditional update, so a change racing another (a stop
 * against the agent's own state report) takes effect once; answers the row after the change, or undefined.
 */
async function transition(
  db: Db,
  id: string,
  from: readonly RecordingStatus[],
  to: RecordingStatus,
  message: string,
  extra: Partial<Pick<RecordingRow, 'collection_id' | 'user_id'>> = {},
): Promise<RecordingRow | undefined> {
  const { user_id: userId, ...changes } = extra;
  return db
    .updateTable('recordings')
    .set({ status: to, message, updated_at: iso(), ...changes })
    .where('id', '=', id)
    .where('status', 'in', from)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId ?? ''))
    .returningAll()
    .executeTakeFirst();
}

export type ChangeResult = { row: RecordingRow } | 'not-found' | 'refused';

async function ownTransition(db: Db, id: string, userId: string, from: readonly RecordingStatus[], to: RecordingStatus, message: string): Promise<ChangeResult> {
  const row = await transition(db, id, from, to, message, { user_id: userId });
  if (row) return { row };
  return (await findOwnRecording(db, id, userId)) ? 'refused' : 'not-found';
}

/** Stop: an active recording goes PROCESSING (the agent sends the rest and finishes); cancel discards it instead. */
export function stopOwnRecording(db: Db, id: string, userId: string, cancel: boolean): Promise<ChangeResult> {
  return cancel
    ? ownTransition(db, id, userId, HOLDING_RECORDING_STATUSES, 'CANCELLED', RECORDING_MESSAGES.cancelled)
    : ownTransition(db, id, userId, ACTIVE_RECORDING_STATUSES, 'PROCESSING', recordingStoppedMessage('PROCESSING'));
}

export function continueOwnRecording(db: Db, id: string, userId: string): Promise<ChangeResult> {
  return ownTransition(db, id, userId, ['IDLE'], 'INPROGRESS', RECORDING_MESSAGES.continued);
}

export function commandOf(row: RecordingRow): AgentRecordingCommand {
  return { recordingId: row.id, name: row.name, status: row.status, nextSeq: row.action_count };
}

/** The recording an agent reports about: only one on its own device, so another agent's is not found. */
export function agentRecording(db: Db, id: string, deviceId: string): Promise<RecordingRow | undefined> {
  return db.selectFrom('recordings').selectAll().where('id', '=', id).where('device_id', '=', deviceId).executeTakeFirst();
}

/**
 * Stores the actions the recording lacks (seq at or past the stored count; a batch sent again is stored once) while
 * it still holds its device; an ended recording stores nothing. Answers the row afterwards.
 */
export async function storeActions(db: Db, id: string, actions: readonly RecordedAction[]): Promise<RecordingRow> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedRowsWaiting(trx, trx.selectFrom('recordings').selectAll().where('id', '=', id)).executeTakeFirstOrThrow();
    const fresh = actions.filter((action) => action.seq >= row.action_count);
    if (!(HOLDING_RECORDING_STATUSES as readonly RecordingStatus[]).includes(row.status) || fresh.length === 0) return row;
    await trx
      .insertInto('recording_actions')
      .values(fresh.map((action) => ({ recording_id: id, seq: action.seq, action: action.action, step_name: action.stepName, target: action.target, value: action.value })))
      .onConflict((oc) => oc.columns(['recording_id', 'seq']).doNothing())
      .execute();
    const { count } = await trx
      .selectFrom('recording_actions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('recording_id', '=', id)
      .executeTakeFirstOrThrow();
    return trx
      .updateTable('recordings')
      .set({ action_count: Number(count), updated_at: iso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The agent's browser closed (INPROGRESS → IDLE), or it could not record (active → CANCELLED with its reason). */
export async function agentStateChange(db: Db, row: RecordingRow, status: 'IDLE' | 'CANCELLED', message: string): Promise<RecordingRow> {
  const changed =
    status === 'IDLE'
      ? await transition(db, row.id, ['INPROGRESS'], 'IDLE', RECORDING_MESSAGES.stopped)
      : await transition(db, row.id, ACTIVE_RECORDING_STATUSES, 'CANCELLED', message.trim() === '' ? RECORDING_MESSAGES.unableToStart : message);
  return changed ?? (await db.selectFrom('recordings').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
}

/**
 * Turns a PROCESSING recording into its collection (COMPLETED), or CANCELLED when nothing was recorded; a recording
 * in any other status is answered as it is, so a second finish changes nothing. The collection is inserted through
 * the collections repository under the starting user, in the same transaction as the status change.
 */
export async function finishRecording(db: Db, id: string): Promise<RecordingRow> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedRowsWaiting(trx, trx.selectFrom('recordings').selectAll().where('id', '=', id)).executeTakeFirstOrThrow();
    if (row.status !== 'PROCESSING') return row;
    const stored = await trx.selectFrom('recording_actions').selectAll().where('recording_id', '=', id).orderBy('seq').execute();
    const done = (status: RecordingStatus, message: string, collectionId: string | null) =>
      trx
        .updateTable('recordings')
        .set({ status, message, collection_id: collectionId, updated_at: iso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    if (stored.length === 0) return done('CANCELLED', RECORDING_MESSAGES.nothingRecorded, null);
    const actions = stored.map((action) => ({ seq: action.seq, action: action.action, stepName: action.step_name, target: action.target, value: action.value }));
    const name = await freeCollectionName(trx, row.org_id, row.name);
    const collection = await insertCollection(trx, recordedCollection(name, actions), { orgId: row.org_id, userId: row.created_by });
    return done('COMPLETED', RECORDING_MESSAGES.completed(collection.testSuiteName), collection.id);
  });
}

/**
 * What the platform wants of the agent's recording: the newest one holding its device, or one that ended within
 * ENDED_RECORDING_TOLD_MS (so the agent learns to close its browser); undefined otherwise.
 */
export async function agentRecordingCommand(db: Db, deviceId: string, at = Date.now()): Promise<AgentRecordingCommand | null> {
  const row = await db
    .selectFrom('recordings')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where((eb) =>
      eb.or([eb('status', 'in', HOLDING_RECORDING_STATUSES), eb.and([eb('status', 'in', ENDED_STATUSES), eb('updated_at', '>=', iso(at - ENDED_RECORDING_TOLD_MS))])]),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? commandOf(row) : null;
}

/**
 * Of agents that went silent: an active recording ends CANCELLED (nobody records any more), a PROCESSING one is
 * finished from what was stored. Answers how many recordings ended.
 */
export function endRecordingsOfSilentAgents(db: Db, silentDeviceIds: readonly string[]): Promise<number> {
  return endRecordingsOn(db, silentDeviceIds, RECORDING_MESSAGES.agentGone);
}

/** The recordings holding any of the devices (only gateway agents record). */
async function recordingsHolding(db: Db, deviceIds: readonly string[]): Promise<Pick<RecordingRow, 'id' | 'status' | 'device_id'>[]> {
  const agentIds = deviceIds.filter(isGatewayAgentDevice);
  if (agentIds.length === 0) return [];
  return db.selectFrom('recordings').select(['id', 'status', 'device_id']).where('device_id', 'in', agentIds).where('status', 'in', HOLDING_RECORDING_STATUSES).execute();
}

/** The devices among `deviceIds` that a recording holds: in use, as a run would make them. */
export async function devicesHeldByRecordings(db: Db, deviceIds: readonly string[]): Promise<Set<string>> {
  return new Set((await recordingsHolding(db, deviceIds)).map((row) => row.device_id));
}

/** Ends what the devices' recordings hold: an active one CANCELLED with `message`, a PROCESSING one finished. */
export async function endRecordingsOn(db: Db, deviceIds: readonly string[], message: string): Promise<number> {
  const held = await recordingsHolding(db, deviceIds);
  let ended = 0;
  for (const { id, status } of held) {
    const row = status === 'PROCESSING' ? await finishRecording(db, id) : await transition(db, id, ACTIVE_RECORDING_STATUSES, 'CANCELLED', message);
    if (row && row.status !== status) ended += 1;
  }
  return ended;
}

export function toRecordingProcess(row: RecordingRow): RecordingProcess {
  return {
    id: row.id,
    recordingId: row.id,
    statusId: row.status === 'COMPLETED' ? row.id : null,
    processType: RECORDING_PROCESS_TYPE,
    status: row.status,
    name: row.name,
    deviceId: row.device_id,
    importDataRequired: [],
    actionCount: row.action_count,
    collectionId: row.collection_id,
    message: row.message,
    createdDate: row.created_at,
    updatedDate: row.updated_at,
  };
}

/** Every recording of the user still holding its device, then up to RECENT_PROCESS_LIMIT ended in the last day. */
export async function listRecordingProcesses(db: Db, userId: string, at = Date.now()): Promise<RecordingProcess[]> {
  const ofUser = db.selectFrom('recordings').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc');
  const pending = await ofUser.where('status', 'in', HOLDING_RECORDING_STATUSES).execute();
  const ended = await ofUser.where('status', 'in', ENDED_STATUSES).where('updated_at', '>=', iso(at - RECENT_PROCESS_MS)).limit(RECENT_PROCESS_LIMIT).execute();
  return [...pending, ...ended].map(toRecordingProcess);
}
