import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExpressionBuilder } from 'kysely';
import { reportSettingsSchema } from '../../shared/contracts/dashboards';
import type { RetentionSettings } from '../../shared/contracts/retention';
import { FINISHED_RUN_STATES } from '../../shared/contracts/runs';
import { DAY_MS, HOUR_MS } from '../../shared/durations';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { log } from '../logs/logger';
import { artifactsRoot } from '../runs/artifacts';
import type { Scheduler } from '../schedules/scheduler';
import type { Services } from '../services';
import { everyRetention } from './repository';

/** Runs (or runs' file folders) one batch handles: a few milliseconds of writing, so requests wait little between. */
export const PURGE_BATCH_RUNS = 200;

/** Tables whose rows belong to one run (by status_id), deleted with it. schedule_execution_items keeps its link. */
const RUN_DEPENDENT_TABLES = ['step_results', 'run_logs', 'run_flow_results', 'run_quarantined_failures', 'collection_labels'] as const;

export interface PurgeResult {
  runsDeleted: number;
  /** Files removed from ARTIFACTS_DIR: those of deleted runs and those past the artifact retention. */
  artifactsDeleted: number;
  /** Runs kept whose files were removed (artifacts_removed_at set). */
  runsEmptied: number;
  /** Audit trail entries older than the organization's audit retention. */
  auditEntriesDeleted: number;
  seconds: number;
}

export interface PurgeOptions {
  /** Stops between batches (the server is closing). */
  signal?: AbortSignal;
  batchRuns?: number;
}

/** A dashboard report's Custom time frame: the runs in it stay while the report exists (docs/decisions.md). */
interface PinnedFrame {
  from: string;
  to: string;
  /** The collections the report reads; empty: all of the organization's. */
  collections: string[];
}

async function pinnedFrames(db: Db, orgId: string): Promise<PinnedFrame[]> {
  const reports = await db.selectFrom('dashboard_reports').select('settings').where('org_id', '=', orgId).execute();
  const frames: PinnedFrame[] = [];
  for (const { settings } of reports) {
    const parsed = reportSettingsSchema.safeParse(JSON.parse(settings));
    if (!parsed.success) continue;
    const { timeFrame, testPlans } = parsed.data;
    if (timeFrame.type !== 'custom' || !timeFrame.fromDate || !timeFrame.toDate) continue;
    frames.push({ from: `${timeFrame.fromDate}T00:00:00.000Z`, to: `${timeFrame.toDate}T23:59:59.999Z`, collections: testPlans });
  }
  return frames;
}

/** Whether a run overlaps the frame (the dashboards read runs by start and by completion time). */
function inFrame(eb: ExpressionBuilder<Database, 'runs'>, frame: PinnedFrame) {
  const overlaps = [eb('time_completed', '>=', frame.from), eb(eb.fn.coalesce('time_started', 'time_submitted'), '<=', frame.to)];
  return eb.and(frame.collections.length > 0 ? [...overlaps, eb('collection_id', 'in', frame.collections)] : overlaps);
}

/**
 * `limit` finished runs of the organization that ended before `cutoff`, in no particular order: every one of them is
 * due, and ordering them would sort all of them again for each batch (SQLite's plan has no index for ORDER BY across
 * the four states).
 */
function finishedBefore(db: Db, orgId: string, cutoff: string, limit: number) {
  return db
    .selectFrom('runs')
    .select('status_id')
    .where('org_id', '=', orgId)
    .where('state', 'in', FINISHED_RUN_STATES)
    .where('time_completed', '<', cutoff)
    .limit(limit);
}

/** Deletes the runs (those still finished) and their rows; answers the status ids it deleted. */
async function deleteRuns(db: Db, candidates: string[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('runs').select('status_id').where('status_id', 'in', candidates).where('state', 'in', FINISHED_RUN_STATES).execute();
    const ids = rows.map((row) => row.status_id);
    if (ids.length === 0) return ids;
    for (const table of RUN_DEPENDENT_TABLES) await trx.deleteFrom(table).where('status_id', 'in', ids).execute();
    await trx.deleteFrom('runs').where('status_id', 'in', ids).execute();
    return ids;
  });
}

/** Run folders removed at once: the file system works on several while the event loop serves requests. */
const FOLDER_REMOVERS = 16;

/** Removes each run's folder under the artifacts root; answers how many files were in them. */
async function removeRunFolders(root: string, statusIds: readonly string[]): Promise<number> {
  let files = 0;
  for (let first = 0; first < statusIds.length; first += FOLDER_REMOVERS) {
    const counts = await Promise.all(
      statusIds.slice(first, first + FOLDER_REMOVERS).map(async (statusId) => {
        const dir = join(root, statusId);
        const count = (await readdir(dir).catch(() => [])).length;
        await rm(dir, { recursive: true, force: true });
        return count;
      }),
    );
    files += counts.reduce((sum, count) => sum + count, 0);
  }
  return files;
}

/** Lets requests and timers in between two batches (better-sqlite3 holds the event loop while it writes). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The instant `days` days before `now`, as the ISO text the tables keep. */
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

interface OrganizationPurge {
  db: Db;
  root: string;
  retention: RetentionSettings;
  now: Date;
  batchRuns: number;
  signal: AbortSignal | undefined;
  result: PurgeResult;
}

async function purgeRuns({ db, root, retention, now, batchRuns, signal, result }: OrganizationPurge): Promise<void> {
  const cutoff = daysBefore(now, retention.runsDays);
  const frames = await pinnedFrames(db, retention.orgId);
  while (!signal?.aborted) {
    const query = frames.reduce((kept, frame) => kept.where((eb) => eb.not(inFrame(eb, frame))), finishedBefore(db, retention.orgId, cutoff, batchRuns));
    const candidates = (await query.execute()).map((row) => row.status_id);
    if (candidates.length === 0) return;
    const deleted = await deleteRuns(db, candidates);
    if (deleted.length === 0) return;
    result.runsDeleted += deleted.length;
    // Files go after the rows: a crash in between leaves files nobody lists, never a report with broken images.
    result.artifactsDeleted += await removeRunFolders(root, deleted);
    await yieldToOthers();
  }
}

async function purgeArtifacts({ db, root, retention, now, batchRuns, signal, result }: OrganizationPurge): Promise<void> {
  const cutoff = daysBefore(now, retention.artifactsDays);
  while (!signal?.aborted) {
    const rows = await finishedBefore(db, retention.orgId, cutoff, batchRuns).where('artifacts_removed_at', 'is', null).execute();
    const ids = rows.map((row) => row.status_id);
    if (ids.length === 0) return;
    // Removed, then marked: a crash in between leaves the run unmarked, and the next purge marks it.
    result.artifactsDeleted += await removeRunFolders(root, ids);
    await db.updateTable('runs').set({ artifacts_removed_at: now.toISOString() }).where('status_id', 'in', ids).execute();
    result.runsEmptied += ids.length;
    await yieldToOthers();
  }
}

/** Deletes the organization's audit entries older than its audit retention (365 days unless set), in batches. */
async function purgeAudit({ db, retention, now, batchRuns, signal, result }: OrganizationPurge): Promise<void> {
  const cutoff = daysBefore(now, retention.auditDays);
  while (!signal?.aborted) {
    const expired = db.selectFrom('audit_log').select('seq').where('org_id', '=', retention.orgId).where('at', '<', cutoff).limit(batchRuns);
    const deleted = await db.deleteFrom('audit_log').where('seq', 'in', expired).executeTakeFirst();
    const count = Number(deleted.numDeletedRows);
    result.auditEntriesDeleted += count;
    if (count < batchRuns) return;
    await yieldToOthers();
  }
}

/**
 * Applies every organization's retention at `now`: deletes its finished runs older than its run retention (with their
 * rows and files), except those a dashboard report's Custom time frame shows, then removes the files of finished runs
 * older than its artifact retention and marks those runs, and deletes its audit entries older than its audit retention. QUEUED and RUNNING runs are never touched. Works in batches
 * of `batchRuns` runs and yields to the event loop between them.
 */
export async function purgeExpired(db: Db, filesDir: string, now: Date, options: PurgeOptions = {}): Promise<PurgeResult> {
  const started = performance.now();
  const result: PurgeResult = { runsDeleted: 0, artifactsDeleted: 0, runsEmptied: 0, auditEntriesDeleted: 0, seconds: 0 };
  const root = artifactsRoot(filesDir);
  for (const retention of await everyRetention(db)) {
    const organization = { db, root, retention, now, batchRuns: options.batchRuns ?? PURGE_BATCH_RUNS, signal: options.signal, result };
    await purgeRuns(organization);
    await purgeArtifacts(organization);
    await purgeAudit(organization);
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** How often the purge starts (it also starts on the first scheduler tick). */
export const PURGE_INTERVAL_MS = HOUR_MS;

export interface RetentionPurge {
  /** Stops a purge under way after its current batch, and waits for it. */
  stop(): Promise<void>;
}

/**
 * Starts `purgeExpired` from the scheduler's tick, hourly, on the replica that leads (the one firing the schedules).
 * The tick only starts it: the purge goes on by itself, so neither the tick loop nor schedule firing waits for it.
 */
export function scheduleRetentionPurge(
  services: Pick<Services, 'db' | 'filesDir' | 'leadership' | 'metrics'> & { scheduler: Pick<Scheduler, 'registerTickHandler'> },
): RetentionPurge {
  const stopping = new AbortController();
  let lastStart = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  services.scheduler.registerTickHandler('retention-purge', async (now) => {
    if (running || stopping.signal.aborted || now.getTime() - lastStart < PURGE_INTERVAL_MS) return;
    if (!(await services.leadership.isLeader())) return;
    lastStart = now.getTime();
    running = purgeExpired(services.db, services.filesDir, now, { signal: stopping.signal })
      .then((result) => services.metrics.observePurge(result))
      .catch((error: unknown) => log().error({ err: error }, 'Retention purge failed'))
      .finally(() => {
        running = undefined;
      });
  });
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
