/**
 * Dispatch throughput: runs per minute the platform gets through when a run's browser work is a fixed 200 ms wait
 * (fixedWaitBrowserWork in place of Chromium), so the figure measures the platform: the trigger request, the queue,
 * allocation, the "Started on" log, progress and step results persisted, the run finished and its resource freed, the
 * next run dispatched.
 *
 * - `dispatch-throughput-1`: one in-process server on SQLite.
 * - `dispatch-throughput-3`: three in-process replicas sharing a throwaway PostgreSQL cluster.
 *
 * Both have the same RESOURCES browser resources in all: replicas sharing a database share the pool's device ids
 * (browser-1 .. browser-N, each taken by whichever replica allocates it; README, "Several replicas": every replica
 * has the same BROWSER_POOL_SIZE), so each replica is configured with BROWSER_POOL_SIZE = RESOURCES. The ceiling is
 * then the same in both cases, RESOURCES * 60 000 / WORK_MS runs a minute, and the distance from it is the platform's
 * cost per run. With 4 resources both figures sit within a few per cent of the ceiling and say little; with 12 and
 * more a 120-run round lasts a couple of seconds and the trigger burst dominates: 8 lies between. Servers tick at the
 * production period (DEFAULT_OPTIONS.schedulerIntervalMs): a replica dispatches at once when it frees a resource or
 * takes a trigger, and otherwise only on its tick.
 *
 * Everything runs in this one process (the seam is programmatic, so no child process can take it): the three
 * replicas share one event loop with the client, and `dispatch-throughput-3` measures their coordination through
 * PostgreSQL, not the CPU more machines would add.
 *
 * A round triggers RUNS runs of a one-step collection through the HTTP API, round-robin over the replicas, all at
 * once, and is timed from the first trigger to the moment the database holds none of them queued or running (polled
 * every POLL_MS, as a client polling getDetails would see it). Every run must have PASSED, been started exactly once
 * and recorded its step, or the bench throws. Prints the median of ROUNDS rounds (after a warm-up round) as
 * `dispatch-throughput-1: N runs/min ...`. Run alone with `node --import tsx tests/bench/dispatch.ts`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Db } from '../../src/server/db/database';
import { DEFAULT_OPTIONS } from '../../src/server/options';
import { fixedWaitBrowserWork } from '../../src/server/testing/fixedWaitBrowserWork';
import { browserCollection, saveCollection, trigger } from '../../src/server/testing/runFixtures';
import { startTestServer, type TestServer } from '../../src/server/testing/testServer';
import { POSTGRES_MISSING_MESSAGE, postgresBinDir, startPostgresCluster } from '../support/postgres-cluster';
import { median, printFigure } from './figures';

const WORK_MS = 200;
const RESOURCES = 8;
const RUNS = 120;
const WARMUP_RUNS = 16;
const ROUNDS = 5;
const POLL_MS = 10;
const ROUND_TIMEOUT_MS = 60_000;

const CEILING = (RESOURCES * 60_000) / WORK_MS;
const UNIT = `runs/min (${RESOURCES} browser resources in all, ${WORK_MS} ms of work a run: at most ${CEILING})`;

export interface DispatchRound {
  runsPerMinute: number;
  /** Runs each replica executed, by replica name. */
  perReplica: Record<string, number>;
}

export interface DispatchMeasurement {
  /** The median of the rounds. */
  runsPerMinute: number;
  rounds: DispatchRound[];
}

export interface DispatchBench {
  oneReplica: DispatchMeasurement;
  /** null when PostgreSQL is not installed. */
  threeReplicas: DispatchMeasurement | null;
}

interface Platform {
  replicas: TestServer[];
  /** The shared database, through the first replica. */
  db: Db;
  token: string;
  collectionId: string;
}

/** Starts `count` replicas one after another (the first creates the schema); `databaseUrl` undefined means SQLite. */
async function startPlatform(count: number, databaseUrl: string | undefined): Promise<Platform> {
  const replicas: TestServer[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      replicas.push(
        await startTestServer({
          databaseUrl,
          replicaName: `replica-${index + 1}`,
          browserPoolSize: RESOURCES,
          browserWork: fixedWaitBrowserWork(WORK_MS),
          schedulerIntervalMs: DEFAULT_OPTIONS.schedulerIntervalMs,
        }),
      );
    }
    const [first] = replicas;
    if (!first) throw new Error('No replica started');
    const token = await first.tokenFor(await first.createUser(['STUDIO']));
    const collectionId = await saveCollection(first, token, browserCollection({ flows: [{ testCaseId: 'wait', steps: [{ stepId: 'w', action: 'open', value: 'about:blank' }] }] }));
    return { replicas, db: first.server.services.db, token, collectionId };
  } catch (error) {
    await Promise.all(replicas.map((replica) => replica.close()));
    throw error;
  }
}

/** Throws unless each of `statusIds` PASSED, was started exactly once and recorded its one step, and no resource stayed in use. */
async function checkExecutedOnce(platform: Platform, statusIds: readonly string[]): Promise<Record<string, number>> {
  const { db } = platform;
  const runs = await db.selectFrom('runs').select(['status_id', 'state', 'replica_id']).where('status_id', 'in', statusIds).execute();
  const notPassed = runs.filter((run) => run.state !== 'PASSED');
  if (runs.length !== statusIds.length || notPassed.length > 0) {
    throw new Error(`Of ${statusIds.length} runs, ${runs.length} were found and ${notPassed.length} did not pass (${notPassed.map((run) => run.state).join(', ')})`);
  }
  const startedLines = await db
    .selectFrom('run_logs')
    .select(['status_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('status_id', 'in', statusIds)
    .where('value', 'like', 'Started on %')
    .groupBy('status_id')
    .execute();
  const stepRows = await db
    .selectFrom('step_results')
    .select(['status_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('status_id', 'in', statusIds)
    .groupBy('status_id')
    .execute();
  const countsOf = (rows: readonly { status_id: string; count: number | string }[]) => new Map(rows.map((row) => [row.status_id, Number(row.count)]));
  const started = countsOf(startedLines);
  const steps = countsOf(stepRows);
  const wrong = statusIds.filter((statusId) => started.get(statusId) !== 1 || steps.get(statusId) !== 1);
  if (wrong.length > 0) {
    const example = wrong[0] ?? '';
    throw new Error(`${wrong.length} runs were not executed exactly once (e.g. ${example}: ${started.get(example) ?? 0} "Started on" lines, ${steps.get(example) ?? 0} step results)`);
  }
  const inUse = await db.selectFrom('resources').select('device_id').where('device_in_use', '=', 1).execute();
  if (inUse.length > 0) throw new Error(`Resources still in use after the round: ${inUse.map((row) => row.device_id).join(', ')}`);
  const perReplica: Record<string, number> = {};
  for (const run of runs) {
    const replica = run.replica_id ?? '(none)';
    perReplica[replica] = (perReplica[replica] ?? 0) + 1;
  }
  return perReplica;
}

/** One round: `count` runs triggered at once, round-robin over the replicas, timed until none is queued or running. */
async function round(platform: Platform, count: number): Promise<DispatchRound> {
  const { replicas, db, token, collectionId } = platform;
  const started = performance.now();
  const statusIds = await Promise.all(Array.from({ length: count }, (_, index) => trigger(replicas[index % replicas.length] as TestServer, token, collectionId)));
  for (;;) {
    const { pending } = await db
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<number | string>().as('pending'))
      .where('status_id', 'in', statusIds)
      .where('state', 'in', ['QUEUED', 'RUNNING'])
      .executeTakeFirstOrThrow();
    if (Number(pending) === 0) break;
    if (performance.now() - started > ROUND_TIMEOUT_MS) {
      const usable = await db.selectFrom('resources').select('device_id').where('plugged_in', '=', 1).execute();
      throw new Error(`${pending} of ${count} runs still queued or running after ${ROUND_TIMEOUT_MS} ms (${usable.length} of ${RESOURCES} resources plugged in)`);
    }
    await sleep(POLL_MS);
  }
  const elapsedMs = performance.now() - started;
  const perReplica = await checkExecutedOnce(platform, statusIds);
  return { runsPerMinute: (count * 60_000) / elapsedMs, perReplica };
}

/** A warm-up round, then the median runs per minute of ROUNDS rounds. */
async function measure(count: number, databaseUrl: string | undefined): Promise<DispatchMeasurement> {
  const platform = await startPlatform(count, databaseUrl);
  try {
    await round(platform, WARMUP_RUNS);
    const rounds: DispatchRound[] = [];
    for (let index = 0; index < ROUNDS; index += 1) rounds.push(await round(platform, RUNS));
    return { runsPerMinute: median(rounds.map((result) => result.runsPerMinute)), rounds };
  } finally {
    for (const replica of platform.replicas) await replica.close();
  }
}

export async function runDispatchBench(): Promise<DispatchBench> {
  const oneReplica = await measure(1, undefined);
  printFigure('dispatch-throughput-1', Math.round(oneReplica.runsPerMinute), UNIT);

  const bin = postgresBinDir();
  if (!bin) {
    console.warn(`dispatch-throughput-3: not measured: ${POSTGRES_MISSING_MESSAGE}`);
    return { oneReplica, threeReplicas: null };
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const threeReplicas = await measure(3, cluster.url);
    printFigure('dispatch-throughput-3', Math.round(threeReplicas.runsPerMinute), UNIT);
    return { oneReplica, threeReplicas };
  } finally {
    cluster.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDispatchBench();
}
