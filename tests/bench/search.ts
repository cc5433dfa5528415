/**
 * Run-history search over 100 000 runs (issue 12): the real server as a child process, on SQLite and on a throwaway
 * PostgreSQL cluster, filled with 100 000 runs of 20 collections over 90 days; a real client on loopback asks
 * `stats/search` the questions the Operations Centre asks (a collection, a status, a device, a date range, and all of
 * them at once). Prints `search-100k-sqlite: N ms` and `search-100k-pg: N ms`, the median time of an answer.
 *
 * The Operations Centre (issue 14) over the same data, with its 20 collections stored and 5 000 schedule firings of
 * 10 collections each pointing at the runs: `ops-search-100k-median-sqlite` / `-pg`, its history search (Failed flow,
 * one week, page 1 of 10 rows with the total), and `ops-summary-100k-median-sqlite` / `-pg`, testSuiteSummary and
 * scheduleSummary over one week; the median time of the HTTP answer on loopback. Run alone with
 * `node --import tsx tests/bench/search.ts`.
 */
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DATABASE_FILE } from '../../src/server/db/database';
import type { RunSearch } from '../../src/shared/contracts/operations';
import { RETENTION_MAX_DAYS } from '../../src/shared/contracts/retention';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi } from '../e2e/api';
import { startPlatform, type Platform } from '../e2e/harness';
import { POSTGRES_MISSING_MESSAGE, postgresBinDir, startPostgresCluster } from '../support/postgres-cluster';
import { median, printFigure } from './figures';

export const RUNS = 100_000;
export const COLLECTIONS = 20;
const DAYS = 90;
const ROUNDS = 15;
/** Schedule firings, each of FIRING_ITEMS collections whose runs are every other one of FIRING_SPAN runs. */
const FIRINGS = 5_000;
const FIRING_ITEMS = 10;
const FIRING_SPAN = RUNS / FIRINGS;
const OPS_ROUNDS = 31;
/** Budgets of issue 14, server-side: the HTTP answer on loopback. */
export const OPS_SEARCH_BUDGET_MS = 50;
export const OPS_SUMMARY_BUDGET_MS = 100;
const STEP_MS = Math.floor((DAYS * 86_400_000) / RUNS);

/**
 * The template run every generated row copies, varied by its number `n`: collection, state, device and time. The
 * expressions are the two engines' own (this is a bench, not the app: the app's SQL lives in db/dialect.ts).
 */
const columns = (n: string, toText: (expression: string) => string, isoAt: string) => `
  ${toText(`'bench-' || ${n}`)}, org_id, ${toText(`'collection-' || (${n} % ${COLLECTIONS})`)}, test_suite_name, collection,
  case ${n} % 4 when 0 then 'FAILED' when 1 then 'ABORTED' else 'PASSED' end, device_type, hybrid_device_ids,
  ${toText(`'["browser-' || (${n} % 3 + 1) || '"]'`)}, ${isoAt}, ${n}, ${isoAt}, ${isoAt}, triggered_by, cancelled_by, progress,
  attachments, variables, replica_id`;

/** The runs table's columns in the order the fills copy them. */
export const RUN_COLUMN_NAMES = `status_id, org_id, collection_id, test_suite_name, collection, state, device_type, hybrid_device_ids, resource_ids,
  time_submitted, queue_order, time_started, time_completed, triggered_by, cancelled_by, progress, attachments, variables, replica_id`;

export interface Template {
  runId: string;
  collectionId: string;
}

export async function templateRun(platform: Platform): Promise<Template> {
  const api = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  const collectionId = await api.collectionIdByName('Demo_Sign_In');
  // No browser resource: the run stays queued until the template is copied.
  return { runId: await api.trigger(collectionId), collectionId };
}

/**
 * The Operations Centre's history: the runs' 20 collections stored (copies of the template's), and FIRINGS firings of
 * one schedule, firing f triggered just before run f * FIRING_SPAN + 1 with items on every other run of its span.
 * `numbers(count)` is the engine's series 0 .. count - 1 as a table of n; `text` its cast of an expression to text.
 */
function operationsStatements(numbers: (count: number) => string, text: (expression: string) => string, startMs: number): string[] {
  const firingAt = (f: string) => `(${startMs} + (${f} * ${FIRING_SPAN} + 1) * ${STEP_MS} - 1000)`;
  return [
    `insert into collections (id, org_id, name, document, tags, version, created_by, created_at, updated_by, updated_at, deleted)
     select ${text(`'collection-' || n`)}, org_id, ${text(`'Bench collection ' || n`)}, document, tags, version, created_by, created_at,
       updated_by, updated_at, 0
     from ${numbers(COLLECTIONS)}, collections where collections.id = $collection`,
    `insert into schedules (id, org_id, name, enabled, definition, next_execution_at, created_by, created_at, updated_at, version, deleted)
     select 'bench-schedule', org_id, 'Bench schedule', 0, '{}', null, created_by, ${startMs}, ${startMs}, 1, 0
     from collections where id = $collection`,
    `insert into schedule_executions (id, schedule_id, org_id, kind, planned_at, triggered_at, status, triggered_by, cancelled_by,
       schedule_name, collection_tags, version_tags, runtime, notified_at)
     select ${text(`'bench-firing-' || n`)}, 'bench-schedule', org_id, 'SCHEDULED', ${firingAt('n')}, ${firingAt('n')}, 'COMPLETED',
       created_by, null, 'Bench schedule', '[]', '[]', '{}', null
     from ${numbers(FIRINGS)}, collections where collections.id = $collection`,
    `insert into schedule_execution_items (execution_id, position, collection_id, test_suite_name, version_tag, state, status_id)
     select ${text(`'bench-firing-' || (n / ${FIRING_ITEMS})`)}, n % ${FIRING_ITEMS},
       ${text(`'collection-' || ((n / ${FIRING_ITEMS} * ${FIRING_SPAN} + n % ${FIRING_ITEMS} * 2 + 1) % ${COLLECTIONS})`)}, 'Bench', null, 'ENQUEUED',
       ${text(`'bench-' || (n / ${FIRING_ITEMS} * ${FIRING_SPAN} + n % ${FIRING_ITEMS} * 2 + 1)`)}
     from ${numbers(FIRINGS * FIRING_ITEMS)}`,
  ];
}

/** The platform's SQLite file, opened beside the running server. */
export function openSqlite(platform: Platform): Database.Database {
  const sqlite = new Database(`${platform.dataDir}/${DATABASE_FILE}`);
  sqlite.pragma('busy_timeout = 10000');
  return sqlite;
}

/** RUNS copies of the template run 'bench-1' .. 'bench-100000' (queue_order n), one every STEP_MS over DAYS up to now. */
export function insertSqliteRuns(sqlite: Database.Database, template: Template, startMs: number): void {
  const isoAt = `strftime('%Y-%m-%dT%H:%M:%fZ', (${startMs} + n * ${STEP_MS}) / 1000.0, 'unixepoch')`;
  sqlite
    .prepare(
      `with recursive numbers(n) as (select 1 union all select n + 1 from numbers where n < ${RUNS})
       insert into runs (${RUN_COLUMN_NAMES}) select ${columns('n', (expression) => expression, isoAt)} from numbers, runs where runs.status_id = ?`,
    )
    .run(template.runId);
  sqlite.exec(keepSeededHistorySql(template.runId));
}

/**
 * The seeded histories reach further back than the default retention (90 days), and the server's background purge
 * would delete what is older while a bench runs (a year of report data was once cut to its last 90 days mid-bench): the
 * organization keeps everything for the longest allowed. Both engines' SQL; `templateRunId` is the bench's own.
 */
export function keepSeededHistorySql(templateRunId: string): string {
  return `insert into retention_settings (org_id, runs_days, artifacts_days, audit_days, updated_at, updated_by)
    select org_id, ${RETENTION_MAX_DAYS}, ${RETENTION_MAX_DAYS}, ${RETENTION_MAX_DAYS}, '${new Date().toISOString()}', 'bench'
    from runs where status_id = '${templateRunId}'`;
}

/** As insertSqliteRuns, on PostgreSQL. */
export async function insertPostgresRuns(client: pg.Client, template: Template, startMs: number): Promise<void> {
  const isoAt = `to_char(to_timestamp((${startMs} + n::bigint * ${STEP_MS}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await client.query(
    `insert into runs (${RUN_COLUMN_NAMES}) select ${columns('n', (expression) => `(${expression})::text`, isoAt)}
     from generate_series(1, ${RUNS}) as n, runs where runs.status_id = $1`,
    [template.runId],
  );
  await client.query(keepSeededHistorySql(template.runId));
}

export const benchStartMs = (): number => Date.now() - DAYS * 86_400_000;

function fillSqlite(platform: Platform, template: Template): void {
  const sqlite = openSqlite(platform);
  const startMs = benchStartMs();
  insertSqliteRuns(sqlite, template, startMs);
  const numbers = (count: number) => `(with recursive series(n) as (select 0 union all select n + 1 from series where n < ${count - 1}) select n from series)`;
  for (const statement of operationsStatements(numbers, (expression) => expression, startMs)) {
    const prepared = sqlite.prepare(statement.replaceAll('$collection', '@collection'));
    if (statement.includes('$collection')) prepared.run({ collection: template.collectionId });
    else prepared.run();
  }
  sqlite.close();
}

async function fillPostgres(url: string, template: Template): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const startMs = benchStartMs();
  await insertPostgresRuns(client, template, startMs);
  const numbers = (count: number) => `generate_series(0::bigint, ${count - 1}) as n`;
  for (const statement of operationsStatements(numbers, (expression) => `(${expression})::text`, startMs)) {
    await client.query(statement.replaceAll('$collection', '$1'), statement.includes('$collection') ? [template.collectionId] : []);
  }
  // What autovacuum does soon after a bulk insert (PostgreSQL 13 and later vacuum insert-only tables): statistics, and
  // the visibility map that lets the searches' counts read their indexes alone.
  await client.query('vacuum analyze');
  await client.end();
}

/** The Operations Centre's questions, each asked ROUNDS times; the median of every answer's time. */
async function medianSearchMs(platform: Platform): Promise<number> {
  const api = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const searches: RunSearch[] = [
    {},
    { collectionId: 'collection-7' },
    { status: 'FAILED' },
    { deviceId: 'browser-2' },
    { dateStart: weekAgo, dateEnd: new Date().toISOString() },
    { collectionId: 'collection-3', status: 'PASSED', deviceId: 'browser-1', dateStart: weekAgo },
  ];
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const search of searches) {
      const started = performance.now();
      const response = await api.call(`${endpoints.runs.search}?data=${encodeURIComponent(JSON.stringify(search))}`);
      const body = (await response.json()) as { data: unknown[] };
      times.push(performance.now() - started);
      if (round === 0 && body.data.length === 0) throw new Error(`The search ${JSON.stringify(search)} found nothing: the bench data is wrong`);
    }
  }
  return median(times);
}

/** The Operations Centre's questions over the seeded data: its history search, and its two summaries. */
async function medianOperationsMs(platform: Platform): Promise<{ searchMs: number; summaryMs: number }> {
  const api = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  const week = { start: new Date(Date.now() - 7 * 86_400_000).toISOString(), end: new Date().toISOString() };
  const search: RunSearch = { status: 'FAILED-TESTCASE', dateStart: week.start, dateEnd: week.end, page: 1, pageSize: 10 };
  const summaries = [endpoints.summaryReports.testSuiteSummary, endpoints.summaryReports.scheduleSummary];
  const summaryBody = JSON.stringify({ startDate: week.start, endDate: week.end });
  const searchTimes: number[] = [];
  const summaryTimes: number[] = [];
  for (let round = 0; round < OPS_ROUNDS; round += 1) {
    let started = performance.now();
    const page = await api.searchPage(search);
    searchTimes.push(performance.now() - started);
    if (round === 0 && (page.data.length !== 10 || page.total < 1000)) throw new Error(`The Operations search found ${page.total}: the bench data is wrong`);
    for (const path of summaries) {
      started = performance.now();
      const body = (await (await api.call(path, { method: 'POST', body: summaryBody })).json()) as { data: { totalCollections?: number }[] };
      summaryTimes.push(performance.now() - started);
      if (round === 0 && (body.data.length < COLLECTIONS || body.data.some((row) => row.totalCollections === 0))) {
        throw new Error(`${path} answered ${body.data.length} rows: the bench data is wrong`);
      }
    }
  }
  return { searchMs: median(searchTimes), summaryMs: median(summaryTimes) };
}

export interface SearchBench {
  sqliteMedianMs: number;
  postgresMedianMs: number | null;
  /** The Operations Centre's figures: its search, and its summaries. */
  operations: { sqlite: { searchMs: number; summaryMs: number }; postgres: { searchMs: number; summaryMs: number } | null };
}

function printOperations(engine: 'sqlite' | 'pg', figures: { searchMs: number; summaryMs: number }): void {
  printFigure(`ops-search-100k-median-${engine}`, figures.searchMs, 'ms');
  printFigure(`ops-summary-100k-median-${engine}`, figures.summaryMs, 'ms');
}

export async function runSearchBench(): Promise<SearchBench> {
  const sqlitePlatform = await startPlatform({ env: { BROWSER_POOL_SIZE: '0' } });
  let sqliteMedianMs: number;
  let sqliteOperations: { searchMs: number; summaryMs: number };
  try {
    fillSqlite(sqlitePlatform, await templateRun(sqlitePlatform));
    // The fill blocked this process for seconds: let fetch see the keep-alive sockets the server closed meanwhile.
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    sqliteMedianMs = await medianSearchMs(sqlitePlatform);
    sqliteOperations = await medianOperationsMs(sqlitePlatform);
  } finally {
    await sqlitePlatform.stop();
  }
  printFigure('search-100k-sqlite', sqliteMedianMs, 'ms');
  printOperations('sqlite', sqliteOperations);

  const bin = postgresBinDir();
  if (!bin) {
    console.warn(`search-100k-pg: not measured: ${POSTGRES_MISSING_MESSAGE}`);
    return { sqliteMedianMs, postgresMedianMs: null, operations: { sqlite: sqliteOperations, postgres: null } };
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const postgresPlatform = await startPlatform({ env: { BROWSER_POOL_SIZE: '0', DATABASE_URL: cluster.url } });
    try {
      await fillPostgres(cluster.url, await templateRun(postgresPlatform));
      const postgresMedianMs = await medianSearchMs(postgresPlatform);
      const postgresOperations = await medianOperationsMs(postgresPlatform);
      printFigure('search-100k-pg', postgresMedianMs, 'ms');
      printOperations('pg', postgresOperations);
      return { sqliteMedianMs, postgresMedianMs, operations: { sqlite: sqliteOperations, postgres: postgresOperations } };
    } finally {
      await postgresPlatform.stop();
    }
  } finally {
    cluster.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runSearchBench();
}
