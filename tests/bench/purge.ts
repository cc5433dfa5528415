/**
 * The retention purge (issue 30) on the real server running on SQLite in process: PURGED_RUNS finished runs of STEPS
 * step results, a log line and one screenshot file each, all past the run retention. `purge-100k-seconds` is the purge
 * deleting them (rows and files, in its batches). While it runs, POLLERS simulated wall displays poll the three views a
 * wall display polls (with If-None-Match, on loopback, keep-alive); `purge-request-p99` is their p99 latency then, and
 * `purge-request-p99-baseline` the p99 of the same polls for BASELINE_MS before the purge starts. The pollers run in the
 * server's process, so both p99s include the same client work; issue 30 asks that the first stay within 2x the second.
 * Run alone with `node --import tsx tests/bench/purge.ts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DAY_MS } from '../../src/shared/durations';
import { endpoints } from '../../src/shared/endpoints';
import { purgeExpired } from '../../src/server/retention/purge';
import { artifactsRoot } from '../../src/server/runs/artifacts';
import { historyRunRow, historyStepResult, insertHistoryCollection } from '../../src/server/testing/historyFixtures';
import { startTestServer, type TestServer } from '../../src/server/testing/testServer';
import { findUserByUserId } from '../../src/server/users/repository';
import { percentile, printFigure } from './figures';

const PURGED_RUNS = 100_000;
const STEPS = 3;
const BATCH = 250;
/** Files written at once while seeding. */
const FILE_WRITERS = 64;
const POLLERS = 10;
/** A poller's pause between two polls: about 180 polls a second in all, a few hundred wall displays' worth. */
const POLL_PAUSE_MS = 50;
const BASELINE_MS = 15_000;
export const PURGE_P99_RATIO_BUDGET = 2;
const POLLED = [endpoints.runs.runningTabData, endpoints.schedules.queue, endpoints.importExport.status] as const;
const SCREENSHOT = Buffer.alloc(1024, 7);

export interface PurgeBench {
  seconds: number;
  p99Ms: number;
  baselineP99Ms: number;
}

/** Runs that ended 10 days ago: kept by the default retention (90 days), so the server's own purge leaves them. */
async function fill(t: TestServer): Promise<void> {
  const db = t.server.services.db;
  const orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
  const at = new Date(Date.now() - 10 * DAY_MS).toISOString();
  const collectionId = await insertHistoryCollection(db, { orgId, name: 'Purge bench', createdAt: at });
  const root = artifactsRoot(t.server.services.filesDir);
  for (let first = 0; first < PURGED_RUNS; first += BATCH) {
    const runs = Array.from({ length: Math.min(BATCH, PURGED_RUNS - first) }, () =>
      historyRunRow({ statusId: randomUUID(), orgId, collectionId, state: 'PASSED', submitted: at, started: at, completed: at }),
    );
    const steps = runs.flatMap((run) =>
      Array.from({ length: STEPS }, (_, step) => {
        const result = historyStepResult({ statusId: run.status_id, flowId: 'flow', flowIndex: 1, stepId: `s${step}`, result: 'PASSED', at });
        const images = step === 0 ? [{ path: `${run.status_id}/0001-shot.png`, name: '0001-shot.png' }] : [];
        return { ...result, images: JSON.stringify(images), attachments: '[]', failure_signature: null };
      }),
    );
    await db.insertInto('runs').values(runs).execute();
    await db.insertInto('step_results').values(steps).execute();
    await db
      .insertInto('run_logs')
      .values(runs.map((run) => ({ status_id: run.status_id, key: at, value: 'Run finished' })))
      .execute();
    for (let writer = 0; writer < runs.length; writer += FILE_WRITERS) {
      await Promise.all(
        runs.slice(writer, writer + FILE_WRITERS).map(async (run) => {
          await mkdir(join(root, run.status_id), { recursive: true });
          await writeFile(join(root, run.status_id, '0001-shot.png'), SCREENSHOT);
        }),
      );
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `until` settles; answers every poll's latency in ms. A failed poll throws: the figures would lie. */
async function poll(t: TestServer, token: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: POLLERS }, async (_, poller) => {
      const etags = new Map<string, string>();
      for (let turn = poller; !done; turn += 1) {
        const path = POLLED[turn % POLLED.length] ?? endpoints.runs.runningTabData;
        const started = performance.now();
        const etag = etags.get(path);
        const response = await t.request(path, { token, headers: etag ? { 'If-None-Match': etag } : {} });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== 200 && response.status !== 304) throw new Error(`${path} answered ${response.status}`);
        const next = response.headers.get('ETag');
        if (next) etags.set(path, next);
        await pause(POLL_PAUSE_MS);
      }
    }),
  );
  return latencies;
}

export async function runPurgeBench(): Promise<PurgeBench> {
  const t = await startTestServer({ browserPoolSize: 0 });
  try {
    const seeding = performance.now();
    await fill(t);
    printFigure('purge-seed-seconds', (performance.now() - seeding) / 1000, 's');
    const token = await t.tokenFor(t.admin);
    const baseline = await poll(t, token, pause(BASELINE_MS));
    // 100 days on, every seeded run is past the default 90 days.
    const purge = purgeExpired(t.server.services.db, t.server.services.filesDir, new Date(Date.now() + 100 * DAY_MS));
    const during = await poll(t, token, purge);
    const result = await purge;
    if (result.runsDeleted < PURGED_RUNS) throw new Error(`The purge deleted ${result.runsDeleted} runs of ${PURGED_RUNS}`);
    const figures = { seconds: result.seconds, p99Ms: percentile(during, 99), baselineP99Ms: percentile(baseline, 99) };
    printFigure('purge-100k-seconds', figures.seconds, 's');
    printFigure('purge-100k-files', result.artifactsDeleted, 'files');
    printFigure('purge-request-p99', figures.p99Ms, 'ms');
    printFigure('purge-request-p99-baseline', figures.baselineP99Ms, 'ms');
    printFigure('purge-request-p99-ratio', figures.p99Ms / figures.baselineP99Ms, 'x');
    printFigure('purge-request-polls', during.length, 'polls');
    return figures;
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runPurgeBench().then(
    (figures) => process.exit(figures.p99Ms > PURGE_P99_RATIO_BUDGET * figures.baselineP99Ms ? 1 : 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
