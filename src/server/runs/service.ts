import type { Collection } from '../../shared/contracts/collections';
import { collectionSchema } from '../../shared/contracts/collections';
import type { FileRef, RunProgress } from '../../shared/contracts/runs';
import type { Db } from '../db/database';
import type { RunState } from '../db/schema-runs';
import { lockedRowsSkipping } from '../db/dialect';
import { assertRunsAllowed, parallelSlots } from '../licenses/enforcement';
import { BROWSER_DEVICE_TYPE, browserPoolIds, executableStamp, freeBrowserIds, freeBrowsersQuery, setBrowsersPluggedIn } from '../resources/browserPool';
import type { Scheduler } from '../schedules/scheduler';
import type { OutboundPolicy } from '../outbound/policy';
import { artifactsRoot, RunArtifacts } from './artifacts';
import { executeBrowserRun, type BrowserRunOutcome, type RunRecorder } from './executor/browserExecutor';
import { connectRemoteBrowser, createWarmBrowsers, type BrowserSession } from './executor/warmBrowsers';
import { remoteEndpointOf, unplugSilentRemoteBrowsers } from '../resources/remoteBrowsers';
import { abortRunsOfDeadReplicas, beat, joinReplicas, REPLICA_HEARTBEAT_MS } from './replicas';
import { queueHintOf } from './runViews';
import { resourceKindOf } from './collectionHash';
import { isGatewayAgentDevice, isMobileAgentDevice } from '../../shared/contracts/gateway-agents';
import { abortRunsOfSilentAgents, freeAgentsQuery } from '../gateway-agents/repository';
import { freeMobileDevicesQuery } from '../gateway-agents/mobileDevices';
import {
  addRunAttachment,
  appendLog,
  cancelQueuedRunsOf,
  finishRun,
  findRun,
  insertRun,
  insertStepResult,
  listRunsIn,
  now,
  parseRunVariables,
  parseStringList,
  queueCancelLine,
  requeueRun,
  saveProgress,
  type RunAuthor,
  type RunRow,
} from './repository';
import { log } from '../logs/logger';
import { coalescing } from './coalescing';

export type StopState = Extract<RunState, 'CANCELLED' | 'ABORTED'>;

interface StopRequest {
  state: StopState;
  by: string;
  /** Logged when the run stops; absent when another replica stopped it and logged why. */
  reason?: string;
}

interface ActiveRun {
  controller: AbortController;
  stop: StopRequest | undefined;
  done: Promise<void>;
}

export interface RunService {
  /** Queues a run of the collection as it is now and starts dispatching. */
  enqueue(collection: Collection, by: RunAuthor): Promise<RunRow>;
  /** Cancels those of `statusIds` that are still queued; answers the ones it cancelled. */
  cancelQueued(statusIds: readonly string[], by: string): Promise<string[]>;
  /** Cancels every queued run of the organization in one transaction; answers the ones it cancelled. */
  cancelAllQueued(orgId: string, by: string): Promise<string[]>;
  /** Stops a running run (browser closed, resources freed); false when it is not running. */
  stop(statusId: string, request: StopRequest): Promise<boolean>;
  /** Stops whatever runs on the device and frees it; false when the device is not busy. */
  releaseDevice(deviceId: string, by: string): Promise<boolean>;
  /** Starts dispatching; runs reach the server at `baseUrl` (BASE_URL, relative URLs). */
  start(baseUrl: string): void;
  /** Allocates free resources to queued runs now (also on every scheduler tick). */
  dispatch(): Promise<void>;
  /**
   * Makes the browser pool's pluggedIn true to this moment: all unplugged while the Chromium executable is missing,
   * and, while it is there, a relaunch attempt for each unplugged free resource (at most every RELAUNCH_RETRY_MS).
   * Runs on the scheduler every BROWSER_POOL_CHECK_MS, which does not wait for the relaunches; a direct call settles
   * once every Chromium launch under way has reported, so pluggedIn is then what Chromium did.
   */
  checkBrowserPool(): Promise<void>;
  /** The runs whose browsers this process drives now (each replica executes its own; the health check counts them). */
  executingHere(): string[];
  /** Stops every execution without ending its run: the next start aborts it, exactly as after a crash. */
  close(): Promise<void>;
}

export interface BrowserWorkInput {
  /** The run as allocated: RUNNING on `deviceId`, executed by this replica. */
  run: RunRow;
  deviceId: string;
  /** Where the work's logs, progress and step results go as they happen. */
  recorder: RunRecorder;
  /** Aborted when the run is cancelled or its resource released. */
  signal: AbortSignal;
}

/**
 * What a started run does on its resource, between its "Started on" log and the end the run service records (final
 * log, state, progress, resource freed): by default the resource's browser (warm or remote) driven through the
 * collection by executeBrowserRun. Answers the result and final progress, or undefined when the run went back to the
 * queue without starting. Another implementation is for benches and tests only (tests/bench/dispatch.ts waits a
 * fixed time instead, to measure the platform around the browser).
 */
export type BrowserWork = (input: BrowserWorkInput) => Promise<BrowserRunOutcome | undefined>;

export interface RunServiceOptions {
  db: Db;
  /** Run artifacts go under its artifacts/ folder. */
  filesDir: string;
  chromiumPath: string;
  /** browser-1 .. browser-N are the pool this service keeps truthful (registerBrowserPool). */
  browserPoolSize: number;
  scheduler: Scheduler;
  /** This process's name among the replicas of the database (replicas.ts): the runs it executes carry it. */
  replicaId: string;
  /** Replaces the browser work of every run (programmatic only, never configuration); no Chromium is warmed for it. */
  browserWork?: BrowserWork | undefined;
  /** Which remote browsers' hosts the server may connect to (OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
}

/** As often as Resource Management refreshes device statuses (spec part 1 §9). */
export const BROWSER_POOL_CHECK_MS = 5_000;
/** A resource whose Chromium failed to start is tried again after this long (a launch costs about a second). */
export const RELAUNCH_RETRY_MS = 30_000;

/**
 * Gives each queued run, oldest first, one free plugged-in browser resource (one of its hybridDeviceIds when it
 * names some), in one transaction, and marks it executed by `replicaId`. Replicas sharing a PostgreSQL database take
 * queued runs and free resources with FOR UPDATE SKIP LOCKED, so each sees rows no other is allocating; the
 * conditional updates make a run start once and a resource go to one run even without row locks (SQLite).
 * A HYBRID run takes any free online gateway agent or, when none is free, a browser resource; a run naming agents in
 * hybridDeviceIds waits for one of them. A phone an agent serves (issue 28) goes only to a HYBRID run that names it
 * in hybridDeviceIds: a run naming none never lands on a phone. A run on an agent is not executed by a replica: the agent claims it
 * (gateway-agents/routes/claimRun.ts), so dispatch() launches nothing for it. A run whose
 * organization's licence has all its parallels RUNNING waits too (licenses/enforcement.ts parallelSlots).
 */
async function allocate(db: Db, replicaId: string): Promise<RunRow[]> {
  return db.transaction().execute(async (trx) => {
    const queued = await lockedRowsSkipping(
      trx,
      trx.selectFrom('runs').selectAll().where('state', '=', 'QUEUED').orderBy('time_submitted').orderBy('queue_order'),
    ).execute();
    if (queued.length === 0) return [];
    const freeIds = (await lockedRowsSkipping(trx, freeBrowsersQuery(trx, true)).execute()).map((row) => row.device_id);
    const freeAgentIds = (await lockedRowsSkipping(trx, freeAgentsQuery(trx)).execute()).map((row) => row.device_id);
    const freeMobileIds = (await lockedRowsSkipping(trx, freeMobileDevicesQuery(trx)).execute()).map((row) => row.device_id);
    const slots = await parallelSlots(trx, queued.map((run) => run.org_id));
    const started: RunRow[] = [];
    for (const run of queued) {
      const wanted = parseStringList(run.hybrid_device_ids);
      const isBrowserRun = run.device_type === BROWSER_DEVICE_TYPE;
      const deviceId =
        wanted.length > 0
          ? (isBrowserRun ? freeIds : [...freeAgentIds, ...freeMobileIds, ...freeIds]).find((id) => wanted.includes(id))
          : (isBrowserRun ? freeIds : [...freeAgentIds, ...freeIds])[0];
      if (deviceId === undefined || !slots.take(run.org_id)) continue;
      const pool = isMobileAgentDevice(deviceId) ? freeMobileIds : isGatewayAgentDevice(deviceId) ? freeAgentIds : freeIds;
      pool.splice(pool.indexOf(deviceId), 1);
      const taken = await trx
        .updateTable('resources')
        .set({ device_in_use: 1, updated_at: now() })
        .where('device_id', '=', deviceId)
        .where('device_in_use', '=', 0)
        .executeTakeFirst();
      if (taken.numUpdatedRows !== 1n) continue;
      const update = {
        state: 'RUNNING' as const,
        resource_ids: JSON.stringify([deviceId]),
        resource_kind: resourceKindOf(deviceId),
        time_started: now(),
        replica_id: replicaId,
      };
      await trx.updateTable('runs').set(update).where('status_id', '=', run.status_id).where('state', '=', 'QUEUED').execute();
      started.push({ ...run, ...update });
    }
    return started;
  });
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

export async function createRunService(options: RunServiceOptions): Promise<RunService> {
  const { db } = options;
  const root = artifactsRoot(options.filesDir);
  const active = new Map<string, ActiveRun>();
  let baseUrl: string | undefined;
  let closed = false;
  let unregisterTick: (() => void) | undefined;
  const poolIds = browserPoolIds(options.browserPoolSize);
  const relaunchAfter = new Map<string, number>();
  let nextPoolCheck = 0;
  let lastExecutableStamp: string | null = null;
  /** Queued runs given their resources; a trigger or a run's end while it works makes it look once more. */
  const allocation = coalescing(async () => {
    if (closed) return;
    try {
      for (const run of await allocate(db, options.replicaId)) {
        // Its agent claims it and reports back; no browser of this replica is involved.
        if (!parseStringList(run.resource_ids).some(isGatewayAgentDevice)) launch(run);
      }
    } catch (error) {
      // Callers fire and forget: a database that is away (restarting, or closed under a stopping server) must not end
      // the process with an unhandled rejection. The queued runs stay queued; the next tick or trigger tries again.
      if (!closed) log().error({ error: firstLine(error) }, 'Dispatching queued runs failed');
    }
  });
  /**
   * One check at a time: two side by side (the pool tick's and a caller's) could read the executable before and after
   * it changed, and the earlier one then wrote its stale reading last. The pool stayed unplugged with a working Chromium
   * until RELAUNCH_RETRY_MS passed (seen in browserPool.test under CPU burners).
   */
  const poolCheck = coalescing(checkBrowserPoolNow);
  const browsers = createWarmBrowsers(options.chromiumPath, {
    report: async (deviceId, launched) => {
      if (closed) return;
      // A launch that began before the executable went away may still work; the pool follows the executable as it is now.
      const pluggedIn = launched && (await executableStamp(options.chromiumPath)) !== null;
      const changed = await setBrowsersPluggedIn(db, [deviceId], pluggedIn);
      if (pluggedIn && changed.length > 0) void dispatch();
    },
  });

  await joinReplicas(db, options.replicaId);
  let nextBeat = Date.now() + REPLICA_HEARTBEAT_MS;

  /** After close() nothing is written: the run stays RUNNING for the next start to abort, like a crash. */
  const recorderFor = (statusId: string): RunRecorder => {
    const whenOpen =
      <A extends unknown[]>(write: (...args: A) => Promise<void>) =>
      async (...args: A): Promise<void> => {
        if (!closed) await write(...args);
      };
    return {
      log: whenOpen((line: string) => appendLog(db, statusId, line)),
      progress: whenOpen((progress: RunProgress) => saveProgress(db, statusId, progress)),
      attachment: whenOpen((file: FileRef) => addRunAttachment(db, statusId, file)),
      step: whenOpen(async (result, progress) => {
        await db.transaction().execute(async (trx) => {
          await insertStepResult(trx, result);
          await saveProgress(trx, statusId, progress);
        });
      }),
    };
  };

  /** The real browser work: the resource's browser, or back to the queue when it cannot be had. */
  async function driveBrowser({ run, deviceId, recorder, signal }: BrowserWorkInput): Promise<BrowserRunOutcome | undefined> {
    const remoteEndpoint = await remoteEndpointOf(db, deviceId);
    const session = await acquireOrRequeue(run, deviceId, signal, remoteEndpoint);
    if (!session) return undefined;
    try {
      return await executeBrowserRun({
        statusId: run.status_id,
        collection: collectionSchema.parse(JSON.parse(run.collection)),
        session,
        baseUrl: baseUrl ?? '',
        artifacts: new RunArtifacts(root, run.status_id),
        recorder,
        signal,
        variables: parseRunVariables(run.variables),
      });
    } finally {
      if (remoteEndpoint !== undefined) await session.browser.close().catch(() => undefined);
      else browsers.release(deviceId, session.browser);
    }
  }

  const browserWork = options.browserWork ?? driveBrowser;

  async function execute(run: RunRow, entry: ActiveRun): Promise<void> {
    const recorder = recorderFor(run.status_id);
    let state: RunState = 'FAILED';
    let progress: RunProgress | undefined;
    const [deviceId = ''] = parseStringList(run.resource_ids);
    try {
      await recorder.log(`Started on ${deviceId}`);
      const outcome = await browserWork({ run, deviceId, recorder, signal: entry.controller.signal });
      if (!outcome) return;
      state = outcome.result;
      progress = outcome.progress;
    } catch (error) {
      if (!entry.stop) await recorder.log(`The run could not go on: ${firstLine(error)}`);
    }
    if (closed) return;
    if (!entry.stop) await appendLog(db, run.status_id, `Finished: ${state}`);
    else if (entry.stop.reason !== undefined) await appendLog(db, run.status_id, entry.stop.reason);
    await finishRun(db, run.status_id, entry.stop?.state ?? state, {
      ...(entry.stop ? { cancelledBy: entry.stop.by } : {}),
      ...(progress ? { progress } : {}),
    });
  }

  /**
   * The run's browser: this machine's warm Chromium, or a connection to a remote browser's server. When it cannot be
   * had the resource is unplugged (a local launch reports itself; a remote one goes Offline until its next heartbeat)
   * and the run goes back to the queue for a resource that works: it never ran, so nothing of it is lost.
   */
  async function acquireOrRequeue(run: RunRow, deviceId: string, signal: AbortSignal, remoteEndpoint: string | undefined): Promise<BrowserSession | undefined> {
    try {
      return remoteEndpoint === undefined ? await browsers.acquire(deviceId) : await connectRemoteBrowser(remoteEndpoint, options.outbound);
    } catch (error) {
      if (closed) return undefined;
      // Stopped while the browser was coming: the stop decides how the run ends.
      if (signal.aborted) throw error;
      // Offline at once; its next heartbeat makes it Available again.
      if (remoteEndpoint !== undefined) await setBrowsersPluggedIn(db, [deviceId], false);
      await requeueRun(db, run.status_id);
      const what = remoteEndpoint === undefined ? 'Chromium could not be started' : 'The remote browser could not be reached';
      await appendLog(db, run.status_id, `${what} on ${deviceId} (${firstLine(error)}): the run is back in the queue`);
      return undefined;
    }
  }

  async function checkBrowserPool(): Promise<void> {
    await poolCheck.request();
    await browsers.settled();
  }

  async function checkBrowserPoolNow(): Promise<void> {
    if (closed) return;
    const stamp = await executableStamp(options.chromiumPath);
    // A Chromium that appeared or was replaced is tried at once, whatever failed before.
    if (stamp !== lastExecutableStamp) relaunchAfter.clear();
    lastExecutableStamp = stamp;
    if (stamp === null) {
      await setBrowsersPluggedIn(db, poolIds, false);
      return;
    }
    const now = Date.now();
    for (const deviceId of await freeBrowserIds(db, false, poolIds)) {
      if (now < (relaunchAfter.get(deviceId) ?? 0)) continue;
      relaunchAfter.set(deviceId, now + RELAUNCH_RETRY_MS);
      // Its report writes to the database, which may be away (restarting, or closed under a stopping server).
      void browsers.probe(deviceId).catch((error: unknown) => {
        if (!closed) log().error({ error: firstLine(error), deviceId }, 'Checking a browser resource failed');
      });
    }
  }

  /** This machine's free plugged-in browser resources get their Chromium started before the first run asks. */
  async function warmFreeBrowsers(): Promise<void> {
    for (const deviceId of await freeBrowserIds(db, true, poolIds)) browsers.warm(deviceId);
  }

  function launch(run: RunRow): void {
    const entry: ActiveRun = { controller: new AbortController(), stop: undefined, done: Promise.resolve() };
    active.set(run.status_id, entry);
    entry.done = execute(run, entry)
      .catch(async (error: unknown) => {
        // The last resort of a crash path: the resource must not stay marked in use.
        log().error({ err: error, statusId: run.status_id }, 'Run ended with an error');
        if (!closed) await finishRun(db, run.status_id, 'FAILED').catch(() => undefined);
      })
      .finally(() => {
        active.delete(run.status_id);
        void dispatch();
      });
  }

  function dispatch(): Promise<void> {
    if (closed || baseUrl === undefined) return Promise.resolve();
    return allocation.request();
  }

  async function stop(statusId: string, request: StopRequest): Promise<boolean> {
    const entry = active.get(statusId);
    if (entry) {
      entry.stop ??= request;
      entry.controller.abort();
      await entry.done;
      return true;
    }
    // Executed by another replica (or by none, after a crash): it sees the run end within a tick and stops its browser.
    const run = await findRun(db, statusId);
    if (run?.state !== 'RUNNING') return false;
    if (request.reason !== undefined) await appendLog(db, statusId, request.reason);
    return finishRun(db, statusId, request.state, { cancelledBy: request.by });
  }

  /** Runs executed here that another replica stopped (Cancel, Release) stop here too: their browsers close. */
  async function stopRunsEndedElsewhere(): Promise<void> {
    if (active.size === 0) return;
    const ended = await db
      .selectFrom('runs')
      .select(['status_id', 'state', 'cancelled_by'])
      .where('status_id', 'in', [...active.keys()])
      .where('state', 'in', ['CANCELLED', 'ABORTED'])
      .execute();
    for (const run of ended) {
      const entry = active.get(run.status_id);
      if (!entry || entry.stop) continue;
      entry.stop = { state: run.state === 'CANCELLED' ? 'CANCELLED' : 'ABORTED', by: run.cancelled_by ?? '' };
      entry.controller.abort();
    }
  }

  /** The heartbeat, and the runs of replicas whose heartbeats stopped aborted, every REPLICA_HEARTBEAT_MS. */
  async function keepReplicasHonest(): Promise<void> {
    if (Date.now() < nextBeat) return;
    nextBeat = Date.now() + REPLICA_HEARTBEAT_MS;
    await beat(db, options.replicaId);
    if ((await abortRunsOfDeadReplicas(db)) > 0) void dispatch();
  }

  return {
    async enqueue(collection, by) {
      await assertRunsAllowed(db, by.orgId, Date.now());
      const run = await insertRun(db, collection, by);
      await appendLog(db, run.status_id, `Queued by ${by.userId}`);
      const hint = await queueHintOf(db, run);
      if (hint !== undefined) await appendLog(db, run.status_id, hint);
      void dispatch();
      return run;
    },
    async cancelQueued(statusIds, by) {
      const cancelled: string[] = [];
      for (const statusId of new Set(statusIds)) {
        const run = await findRun(db, statusId);
        if (run?.state !== 'QUEUED') continue;
        if (await finishRun(db, statusId, 'CANCELLED', { cancelledBy: by })) {
          await appendLog(db, statusId, queueCancelLine(by));
          cancelled.push(statusId);
        }
      }
      return cancelled;
    },
    cancelAllQueued: (orgId, by) => cancelQueuedRunsOf(db, orgId, by),
    stop,
    async releaseDevice(deviceId, by) {
      const resource = await db.selectFrom('resources').select('device_in_use').where('device_id', '=', deviceId).executeTakeFirst();
      if (!resource?.device_in_use) return false;
      const running = await listRunsIn(db, ['RUNNING']);
      const holders = running.filter((run) => parseStringList(run.resource_ids).includes(deviceId));
      const reason = `Resource ${deviceId} was released by ${by}: run aborted`;
      for (const run of holders) await stop(run.status_id, { state: 'ABORTED', by, reason });
      await db.updateTable('resources').set({ device_in_use: 0, updated_at: now() }).where('device_id', '=', deviceId).execute();
      void dispatch();
      return true;
    },
    start(url) {
      baseUrl = url;
      // Work that drives no browser of this pool needs none started ahead of it.
      if (!options.browserWork) void warmFreeBrowsers();
      const unregisterDispatch = options.scheduler.registerTickHandler('run dispatcher', async () => {
        await stopRunsEndedElsewhere();
        await dispatch();
      });
      const unregisterReplicas = options.scheduler.registerTickHandler('replicas', keepReplicasHonest);
      const unregisterPoolCheck = options.scheduler.registerTickHandler('browser pool', async () => {
        if (Date.now() < nextPoolCheck) return;
        nextPoolCheck = Date.now() + BROWSER_POOL_CHECK_MS;
        // Not checkBrowserPool: a Chromium slow to launch must not hold up the other tick handlers.
        await poolCheck.request();
        await abortRunsOfSilentAgents(db, await unplugSilentRemoteBrowsers(db, Date.now()));
      });
      unregisterTick = () => {
        unregisterDispatch();
        unregisterReplicas();
        unregisterPoolCheck();
      };
      void dispatch();
    },
    dispatch,
    checkBrowserPool,
    executingHere: () => [...active.keys()],
    async close() {
      closed = true;
      unregisterTick?.();
      for (const entry of active.values()) entry.controller.abort();
      await Promise.all([...active.values()].map((entry) => entry.done));
      await allocation.idle();
      await browsers.close();
    },
  };
}
