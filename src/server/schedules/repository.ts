import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { saveScheduleSchema, type SaveSchedule, type Schedule, type ScheduleExecution } from '../../shared/contracts/schedules';
import { nextExecutionAfter } from '../../shared/schedule/recurrence';
import type { Recurrence } from '../../shared/schedule/schedule-data';
import type { Db } from '../db/database';
import type { ScheduleExecutionsTable, SchedulesTable } from '../db/schema-schedules';

export type ScheduleRow = Selectable<SchedulesTable>;
export type ScheduleExecutionRow = Selectable<ScheduleExecutionsTable>;
/** What a schedule row stores as its definition: the saved body without its id. */
export type ScheduleDefinition = Omit<SaveSchedule, 'id'>;

/** Upcoming executions listed on a schedule (executionTimes); the next one is also in executionTime. */
export const LISTED_EXECUTION_TIMES = 100;
/** getSchedule/{id} carries this many firings, newest first. */
export const LISTED_HISTORY = 100;

export function parseDefinition(row: Pick<ScheduleRow, 'definition'>): ScheduleDefinition {
  const { id: _id, ...definition } = saveScheduleSchema.parse(JSON.parse(row.definition));
  return definition;
}

export function recurrenceOf(definition: ScheduleDefinition): Recurrence {
  return {
    repeat: definition.repeat,
    startTime: definition.startTime,
    endTime: definition.endTime,
    scheduleData: definition.scheduleData,
    timeZone: definition.timeZone,
  };
}

/** The executions from `first` on, at most `limit`, each the next one after the previous (the engine's order). */
export function executionsFrom(recurrence: Recurrence, first: number | null, limit: number): number[] {
  const times: number[] = [];
  for (let time = first; time !== null && times.length < limit; time = nextExecutionAfter(recurrence, time)) times.push(time);
  return times;
}

export function toSchedule(row: ScheduleRow, history: readonly ScheduleExecution[] = []): Schedule {
  const definition = parseDefinition(row);
  return {
    ...definition,
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    executionTime: row.next_execution_at,
    executionTimes: executionsFrom(recurrenceOf(definition), row.next_execution_at, LISTED_EXECUTION_TIMES),
    dateCreated: row.created_at,
    dateUpdated: row.updated_at,
    executionHistory: [...history],
    userId: row.created_by,
    clientId: row.org_id,
    version: row.version,
  };
}

export function findScheduleRow(db: Db, id: string, orgId: string): Promise<ScheduleRow | undefined> {
  return db
    .selectFrom('schedules')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
}

/** Whether any schedule (of any organization, deleted or not) has the id. */
export async function scheduleIdTaken(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('schedules').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function listScheduleRows(db: Db, orgId: string): Promise<ScheduleRow[]> {
  return db.selectFrom('schedules').selectAll().where('org_id', '=', orgId).where('deleted', '=', 0).orderBy('created_at').execute();
}

export interface ScheduleAuthor {
  orgId: string;
  userId: string;
}

/**
 * Creates the schedule (under `newId`: a fresh id, or the one its client made), or updates the live one of `id` in the
 * author's organization (undefined when there is none). The next execution is computed from `now`: a saved (or
 * re-enabled) schedule never fires for a time already past.
 */
export async function saveScheduleRow(
  db: Db,
  id: string | undefined,
  definition: ScheduleDefinition,
  author: ScheduleAuthor,
  now: number,
  newId: string = randomUUID(),
): Promise<ScheduleRow | undefined> {
  const next = nextExecutionAfter(recurrenceOf(definition), now);
  const stored = JSON.stringify(definition);
  if (id === undefined) {
    const row: ScheduleRow = {
      id: newId,
      org_id: author.orgId,
      name: definition.name,
      enabled: definition.enabled ? 1 : 0,
      definition: stored,
      next_execution_at: next,
      created_by: author.userId,
      created_at: now,
      updated_at: now,
      version: 1,
      deleted: 0,
    };
    await db.insertInto('schedules').values(row).execute();
    return row;
  }
  return db
    .updateTable('schedules')
    .set((eb) => ({
      name: definition.name,
      enabled: definition.enabled ? 1 : 0,
      definition: stored,
      next_execution_at: next,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('org_id', '=', author.orgId)
    .where('deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/** A deleted schedule keeps its row (its firings stay in history) and stops firing. */
export async function deleteScheduleRow(db: Db, id: string, orgId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('schedules')
    .set({ deleted: 1, enabled: 0, next_execution_at: null, updated_at: now })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
