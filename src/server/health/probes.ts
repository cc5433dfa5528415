import { sql } from 'kysely';
import type { HealthItem } from '../../shared/contracts/health';
import type { Db } from '../db/database';
import { countBrowserResources, isExecutableFile } from '../resources/browserPool';
import type { RunService } from '../runs/service';
import type { Leadership } from '../schedules/leadership';
import { isSchedulerHealthy, type Scheduler } from '../schedules/scheduler';

interface ProbeResult {
  ok: boolean;
  detail: string;
}

export async function databaseReadable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

async function probeDatabase(db: Db): Promise<ProbeResult> {
  if (!(await databaseReadable(db))) return { ok: false, detail: 'The database does not answer queries.' };
  try {
    const now = new Date().toISOString();
    await db
      .insertInto('service_heartbeats')
      .values({ name: 'database', beat_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ beat_at: now }))
      .execute();
    return { ok: true, detail: 'Reads and writes succeed.' };
  } catch (error) {
    return { ok: false, detail: `The database refuses writes: ${(error as Error).message}` };
  }
}

function probeScheduler(scheduler: Scheduler, leadership: Pick<Leadership, 'leads'>): ProbeResult {
  const last = scheduler.lastTickAt();
  // With several replicas one fires the schedules: which one is what an operator asks first.
  const role = leadership.leads() ? 'This server fires the schedules.' : 'Another server fires the schedules.';
  if (isSchedulerHealthy(scheduler)) return { ok: true, detail: `Last tick at ${new Date(last ?? 0).toISOString()}. ${role}` };
  return {
    ok: false,
    detail: last === undefined ? 'The scheduler has not ticked yet.' : `The last tick was at ${new Date(last).toISOString()}.`,
  };
}

async function probeResourcePool(db: Db, chromiumPath: string, runs: Pick<RunService, 'executingHere'>): Promise<ProbeResult> {
  if (!(await isExecutableFile(chromiumPath))) return { ok: false, detail: `No executable Chromium at ${chromiumPath}.` };
  const browsers = await countBrowserResources(db).catch(() => 0);
  if (browsers === 0) return { ok: false, detail: 'No browser resource is registered.' };
  const executing = runs.executingHere().length;
  return { ok: true, detail: `${browsers} browser resource(s) registered; Chromium at ${chromiumPath}; ${executing} run(s) executing on this server.` };
}

export interface HealthDeps {
  db: Db;
  scheduler: Scheduler;
  chromiumPath: string;
  runs: Pick<RunService, 'executingHere'>;
  leadership: Pick<Leadership, 'leads'>;
}

export const HEALTH_SERVICE_NAMES = ['Database', 'Scheduler', 'Resource Pool'] as const;

/** One item per service, each probed now (spec part 1 §3: data[0].testSuccess, testTime). */
export async function probeServices({ db, scheduler, chromiumPath, runs, leadership }: HealthDeps): Promise<HealthItem[]> {
  const results = await Promise.all([probeDatabase(db), probeScheduler(scheduler, leadership), probeResourcePool(db, chromiumPath, runs)]);
  const testTime = new Date().toISOString();
  return results.map((result, index) => ({
    name: HEALTH_SERVICE_NAMES[index] ?? 'Unknown',
    data: [{ testSuccess: result.ok, testTime, detail: result.detail }],
  }));
}
