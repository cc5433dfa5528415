import type { DiskFolder } from '../../shared/contracts/disk';
import { nextExecutionAfter } from '../../shared/schedule/recurrence';
import type { Db } from '../db/database';
import { isUniqueViolation, lockedRowsSkipping } from '../db/dialect';
import { assertRunsAllowed } from '../licenses/enforcement';
import type { Metrics } from '../metrics/metrics';
import type { RunService } from '../runs/service';
import type { Services } from '../services';
import { advanceExecutions, fireSchedule, recordMissed } from './firing';
import { parseDefinition, recurrenceOf, type ScheduleRow } from './repository';

/**
 * Executions missed while the server was down (docs/decisions.md, Schedules server): the latest one fires late if it
 * is at most this old; all earlier ones, and the latest too when older, are recorded in history as missed.
 */
export const CATCH_UP_GRACE_MS = 60 * 60_000;
/** A firing later than this after its planned time is a catch-up (a tick is normally well under a second late). */
export const LATE_AFTER_MS = 60_000;
/** Missed executions are counted one by one up to this many, then the count says "at least". */
const MAX_COUNTED_MISSED = 10_000;
/** Due schedules handled by one tick; the rest wait for the next tick (1 s later). */
const MAX_DUE_PER_TICK = 200;

type Dispatcher = Pick<RunService, 'dispatch'>;

/** A firing: its schedule execution, and the planned instant it fired for. */
interface Fired {
  executionId: string;
  plannedAt: number;
}

/**
 * Fires one due schedule in one transaction; answers the firing's id, or null when nothing fired. The schedule row is
 * locked while it fires, and a planned instant is recorded once (a unique index), so two replicas that both found it
 * due cannot both fire it: the second finds it locked or no longer due, or has its firing refused and lets it be.
 */
async function fireDue(db: Db, id: string, now: number): Promise<Fired | null> {
  try {
    return await fireDueOnce(db, id, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // This instant fired already: move on past it, unless whoever fired it has done so.
    const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();
    if (row) {
      const next = nextExecutionAfter(recurrenceOf(parseDefinition(row)), now);
      await db.updateTable('schedules').set({ next_execution_at: next }).where('id', '=', id).where('next_execution_at', '<=', now).execute();
    }
    return null;
  }
}

async function fireDueOnce(db: Db, id: string, now: number): Promise<Fired | null> {
  return db.transaction().execute(async (trx) => {
    const due = trx
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .where('deleted', '=', 0)
      .where('next_execution_at', '<=', now);
    const row = await lockedRowsSkipping(trx, due).executeTakeFirst();
    if (row?.next_execution_at === null || row === undefined) return null;
    const definition = parseDefinition(row);
    const recurrence = recurrenceOf(definition);
    const planned = row.next_execution_at;

    // Walk every planned instant up to now: the last one is the one to fire, the others were missed.
    let previous: number | null = null;
    let latest = planned;
    let count = 1;
    let atLeast = false;
    for (;;) {
      let next = nextExecutionAfter(recurrence, latest);
      if (next === null || next > now) break;
      if (count >= MAX_COUNTED_MISSED && !atLeast) {
        atLeast = true;
        const jump = nextExecutionAfter(recurrence, Math.max(latest, now - CATCH_UP_GRACE_MS));
        if (jump === null || jump > now) break;
        next = jump;
      }
      previous = latest;
      latest = next;
      count++;
    }

    const fires = now - latest <= CATCH_UP_GRACE_MS;
    const lastMissed = fires ? previous : latest;
    if (lastMissed !== null) {
      await recordMissed(trx, row, definition, { first: planned, last: lastMissed, count: fires ? count - 1 : count, atLeast }, now);
    }
    const kind = now - latest > LATE_AFTER_MS ? 'CATCH_UP' : 'SCHEDULED';
    const fired = fires ? { executionId: await fireSchedule(trx, row, definition, { kind, plannedAt: latest, triggeredBy: row.created_by }, now), plannedAt: latest } : null;
    await trx
      .updateTable('schedules')
      .set({ next_execution_at: nextExecutionAfter(recurrence, now) })
      .where('id', '=', row.id)
      .execute();
    return fired;
  });
}

/**
 * One scheduler tick at `now` (epoch ms): fires every enabled schedule whose next execution is due (found through the
 * partial index on next_execution_at), then moves the firings under way on (in-order turns, queue rows, notifications).
 * Each firing's lag, from its planned instant to the end of its transaction, goes to `metrics`.
 */
export async function scheduleTick(db: Db, runs: Dispatcher, now: number, metrics?: Pick<Metrics, 'observeScheduleLag'>): Promise<void> {
  const tickStarted = performance.now();
  const due = await db
    .selectFrom('schedules')
    .select('id')
    .where('enabled', '=', 1)
    .where('deleted', '=', 0)
    .where('next_execution_at', '<=', now)
    .orderBy('next_execution_at')
    .limit(MAX_DUE_PER_TICK)
    .execute();
  const fired = new Set<string>();
  for (const { id } of due) {
    const firing = await fireDue(db, id, now);
    if (firing === null) continue;
    fired.add(firing.executionId);
    metrics?.observeScheduleLag(now + (performance.now() - tickStarted) - firing.plannedAt);
  }
  const queued = await advanceExecutions(db, now, fired);
  if (queued || fired.size > 0) void runs.dispatch();
}

type FiringServices = Pick<Services, 'db' | 'runs' | 'scheduler' | 'leadership' | 'metrics' | 'disk' | 'logger'>;

/**
 * The leading replica's tick: due schedules fire, unless a folder is below 2 % free (answered), when they wait. Once
 * space is back they fire as after an outage: the last missed instant, the others counted as missed.
 */
export async function tickUnlessDiskFull(services: Omit<FiringServices, 'scheduler' | 'leadership' | 'logger'>, now: number): Promise<DiskFolder | undefined> {
  const full = await services.disk.fullFolder();
  if (full === undefined) await scheduleTick(services.db, services.runs, now, services.metrics);
  return full;
}

/** Runs the schedules on the server's tick loop, on the leading replica only; answers the function that stops it. */
export function startScheduleFiring(services: FiringServices): () => void {
  let diskFullLogged = false;
  return services.scheduler.registerTickHandler('schedules', async (date) => {
    if (!(await services.leadership.isLeader())) return;
    const full = await tickUnlessDiskFull(services, date.getTime());
    if (full && !diskFullLogged) services.logger.warn({ folder: full.setting, freeBytes: full.freeBytes }, 'Disk full: schedules wait until space is freed');
    diskFullLogged = full !== undefined;
  });
}

/** Run Now: fires the schedule at once, whatever its times; answers the firing's id. */
export async function runScheduleNow(db: Db, runs: Dispatcher, row: ScheduleRow, by: string, now: number): Promise<string> {
  await assertRunsAllowed(db, row.org_id, now);
  const definition = parseDefinition(row);
  const executionId = await db
    .transaction()
    .execute((trx) => fireSchedule(trx, row, definition, { kind: 'RUN_NOW', plannedAt: null, triggeredBy: by }, now));
  void runs.dispatch();
  return executionId;
}

/**
 * Cancels a queued schedule: collections waiting for their turn are skipped, its queued runs are cancelled, and the
 * queue row goes. Runs already started go on. False when the organization has no such queued schedule.
 */
export async function cancelQueuedSchedule(
  db: Db,
  runs: Pick<RunService, 'cancelQueued'>,
  queuedId: string,
  orgId: string,
  by: string,
  now: number,
): Promise<boolean> {
  const statusIds = await db.transaction().execute(async (trx) => {
    const queued = await trx.selectFrom('queued_schedules').selectAll().where('id', '=', queuedId).where('org_id', '=', orgId).executeTakeFirst();
    if (!queued) return null;
    await trx.updateTable('schedule_executions').set({ cancelled_by: by }).where('id', '=', queued.execution_id).execute();
    await trx
      .updateTable('schedule_execution_items')
      .set({ state: 'SKIPPED' })
      .where('execution_id', '=', queued.execution_id)
      .where('state', '=', 'PENDING')
      .execute();
    await trx.deleteFrom('queued_schedules').where('id', '=', queuedId).execute();
    const waiting = await trx
      .selectFrom('schedule_execution_items as item')
      .innerJoin('runs', 'runs.status_id', 'item.status_id')
      .select('runs.status_id')
      .where('item.execution_id', '=', queued.execution_id)
      .where('runs.state', '=', 'QUEUED')
      .execute();
    return waiting.map((run) => run.status_id);
  });
  if (statusIds === null) return false;
  await runs.cancelQueued(statusIds, by);
  await advanceExecutions(db, now);
  return true;
}
