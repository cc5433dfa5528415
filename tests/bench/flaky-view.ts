/**
 * The Flaky flows view over 100 000 runs (issue 29): the real server as a child process, on SQLite and on a throwaway
 * PostgreSQL cluster, with the runs of search.ts (20 collections over 90 days), each of 5 flows of 2 steps (1 000 000
 * step results): flow 0 fails at random (about 30 %), flows 1 and 2 always pass, flow 3 fails from the collection's
 * second version on (the second half of the runs), flow 4 always fails in 2 of the 20 collections. A real client on
 * loopback asks `stats/flakyFlows` for the view's default range, the last 14 days (about 15 500 runs):
 * `flaky-view-100k-median-sqlite` / `-pg`, the median time of the HTTP answer. Run alone with
 * `node --import tsx tests/bench/flaky-view.ts`.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { FLAKY_WINDOW_MS, flakyFlowsResponseSchema } from '../../src/shared/contracts/flakiness';
import { LINK_PREVIOUS_RESULTS_SQL, RECORD_FINISHED_RUNS_SQL } from '../../src/server/db/migrations/0027_run_flow_results';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi } from '../e2e/api';
import { startPlatform, type Platform } from '../e2e/harness';
import { POSTGRES_MISSING_MESSAGE, postgresBinDir, startPostgresCluster } from '../support/postgres-cluster';
import { median, printFigure } from './figures';
import { benchStartMs, COLLECTIONS, insertPostgresRuns, insertSqliteRuns, openSqlite, RUNS, templateRun } from './search';

/** Budget of issue 29: the view's answer on loopback. */
export const FLAKY_VIEW_BUDGET_MS = 200;
const ROUNDS = 15;
const FLOWS = 5;

/** When flow `f.i` fails its `check` step in run n (`r.queue_order`); both engines' SQL. */
const FAILS = `s.id = 'check' and (
  (f.i = 0 and (r.queue_order * 37) % 101 < 30) or (f.i = 3 and r.queue_order > ${RUNS / 2}) or (f.i = 4 and r.queue_order % ${COLLECTIONS} < 2))`;
const FLOW_NUMBERS = Array.from({ length: FLOWS }, (_, i) => `select ${i} as i`).join(' union all ');

/** Every bench run's flows and steps, then its version, resource kind and state (FAILED when a step failed). */
const FLOW_STATEMENTS = [
  `insert into step_results (status_id, flow_index, flow_id, flow_name, flow_type, flow_loop, step_id, step_name, action, result,
     error_detail, validation_result, images, attachments, time_started, time_completed, failure_signature)
   select r.status_id, f.i + 1, 'flow-' || f.i, 'Flow ' || f.i, 'FLOW', 1, s.id, s.id, 'click',
     case when ${FAILS} then 'FAILED' else 'PASSED' end,
     case when ${FAILS} then (case when r.queue_order % 3 = 0 then 'Timeout ' || r.queue_order || 'ms exceeded' else 'Element #pay not visible' end) else '' end,
     '', '[]', '[]', r.time_started, r.time_completed,
     case when ${FAILS} then (case when r.queue_order % 3 = 0 then 'check: Timeout <n>ms exceeded' else 'check: Element #pay not visible' end) end
   from runs r, (${FLOW_NUMBERS}) f, (select 'open' as id union all select 'check') s
   where r.status_id like 'bench-%'`,
  `update runs set
     collection_hash = 'version-' || (queue_order % ${COLLECTIONS}) || '-' || (case when queue_order > ${RUNS / 2} then 2 else 1 end),
     resource_kind = 'BROWSER',
     state = case when exists (select 1 from step_results where step_results.status_id = runs.status_id and step_results.result = 'FAILED')
       then 'FAILED' else 'PASSED' end
   where status_id like 'bench-%'`,
  // What finishRun records as each run ends.
  RECORD_FINISHED_RUNS_SQL,
  LINK_PREVIOUS_RESULTS_SQL,
];

async function fillSqlite(platform: Platform): Promise<void> {
  const template = await templateRun(platform);
  const sqlite = openSqlite(platform);
  insertSqliteRuns(sqlite, template, benchStartMs());
  for (const statement of FLOW_STATEMENTS) sqlite.prepare(statement).run();
  // The fill's gigabyte of write-ahead log, folded into the file as the server's own checkpoints soon would.
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}

async function fillPostgres(platform: Platform, url: string): Promise<void> {
  const template = await templateRun(platform);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await insertPostgresRuns(client, template, benchStartMs());
  for (const statement of FLOW_STATEMENTS) await client.query(statement);
  // What autovacuum does soon after a bulk insert, as in search.ts.
  await client.query('vacuum analyze');
  await client.end();
}

/** The view's default question, the last 14 days, ROUNDS times; the median time of an answer. */
async function medianAnswerMs(platform: Platform): Promise<number> {
  // The fill blocked this process for seconds: let fetch see the keep-alive sockets the server closed meanwhile.
  await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  const api = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  const range = new URLSearchParams({ from: new Date(Date.now() - FLAKY_WINDOW_MS).toISOString(), to: new Date().toISOString() });
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const response = await api.call(`${endpoints.flakiness.flakyFlows}?${range}`);
    const body = await response.json();
    times.push(performance.now() - started);
    if (round === 0) {
      const { flows, total } = flakyFlowsResponseSchema.parse(body).data;
      // Flow 0 of each collection is the only flaky one: a regression (3) or an always-failing flow (4) is not.
      if (total !== COLLECTIONS || flows.some((flow) => flow.flowId !== 'flow-0')) throw new Error(`The view listed ${total} flows: the bench data is wrong`);
    }
  }
  return median(times);
}

/** The median answer on each engine (PostgreSQL null when it is not installed). */
export async function runFlakyViewBench(): Promise<{ sqliteMs: number; postgresMs: number | null }> {
  const sqlitePlatform = await startPlatform({ env: { BROWSER_POOL_SIZE: '0' } });
  let sqliteMs: number;
  try {
    await fillSqlite(sqlitePlatform);
    sqliteMs = await medianAnswerMs(sqlitePlatform);
  } finally {
    await sqlitePlatform.stop();
  }
  printFigure('flaky-view-100k-median-sqlite', sqliteMs, 'ms');

  const bin = postgresBinDir();
  if (!bin) {
    console.warn(`flaky-view-100k-median-pg: not measured: ${POSTGRES_MISSING_MESSAGE}`);
    return { sqliteMs, postgresMs: null };
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const postgresPlatform = await startPlatform({ env: { BROWSER_POOL_SIZE: '0', DATABASE_URL: cluster.url } });
    try {
      await fillPostgres(postgresPlatform, cluster.url);
      const postgresMs = await medianAnswerMs(postgresPlatform);
      printFigure('flaky-view-100k-median-pg', postgresMs, 'ms');
      return { sqliteMs, postgresMs };
    } finally {
      await postgresPlatform.stop();
    }
  } finally {
    cluster.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runFlakyViewBench();
}
