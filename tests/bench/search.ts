/**
 * Run-history search over 100 000 runs (issue 12): the real server as a child process, on SQLite and on a throwaway
 * PostgreSQL cluster, filled with 100 000 runs of 20 collections over 90 days; a real client on loopback asks
 * `stats/search` the questions the Operations Centre asks (a collection, a status, a device, a date range, and all of
 * them at once). Prints `search-100k-sqlite: N ms` and `search-100k-pg: N ms`, the median time of an answer. Run alone
 * with `node --import tsx tests/bench/search.ts`.
 */
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DATABASE_FILE } from '../../src/server/db/database';
import type { RunSearch } from '../../src/shared/contracts/operations';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi } from '../e2e/api';
import { startPlatform, type Platform } from '../e2e/harness';
import { POSTGRES_MISSING_MESSAGE, postgresBinDir, startPostgresCluster } from '../support/postgres-cluster';
import { median, printFigure } from './figures';

const RUNS = 100_000;
const COLLECTIONS = 20;
const DAYS = 90;
const ROUNDS = 15;

/**
 * The template run every generated row copies, varied by its number `n`: collection, state, device and time. The
 * expressions are the two engines' own (this is a bench, not the app: the app's SQL lives in db/dialect.ts).
 */
const columns = (n: string, toText: (expression: string) => string, isoAt: string) => `
  ${toText(`'bench-' || ${n}`)}, org_id, ${toText(`'collection-' || (${n} % ${COLLECTIONS})`)}, test_suite_name, collection,
  case ${n} % 4 when 0 then 'FAILED' when 1 then 'ABORTED' else 'PASSED' end, device_type, hybrid_device_ids,
  ${toText(`'["browser-' || (${n} % 3 + 1) || '"]'`)}, ${isoAt}, ${n}, ${isoAt}, ${isoAt}, triggered_by, cancelled_by, progress,
  attachments, variables, replica_id`;

const COLUMN_NAMES = `status_id, org_id, collection_id, test_suite_name, collection, state, device_type, hybrid_device_ids, resource_ids,
  time_submitted, queue_order, time_started, time_completed, triggered_by, cancelled_by, progress, attachments, variables, replica_id`;

async function templateRun(platform: Platform): Promise<string> {
  const api = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  const collectionId = await api.collectionIdByName('Demo_Sign_In');
  // No browser resource: the run stays queued until the template is copied.
  return api.trigger(collectionId);
}

function fillSqlite(platform: Platform, templateId: string): void {
  const sqlite = new Database(`${platform.dataDir}/${DATABASE_FILE}`);
  sqlite.pragma('busy_timeout = 10000');
  const startMs = Date.now() - DAYS * 86_400_000;
  const isoAt = `strftime('%Y-%m-%dT%H:%M:%fZ', (${startMs} + n * ${Math.floor((DAYS * 86_400_000) / RUNS)}) / 1000.0, 'unixepoch')`;
  sqlite
    .prepare(
      `with recursive numbers(n) as (select 1 union all select n + 1 from numbers where n < ${RUNS})
       insert into runs (${COLUMN_NAMES}) select ${columns('n', (expression) => expression, isoAt)} from numbers, runs where runs.status_id = ?`,
    )
    .run(templateId);
  sqlite.close();
}

async function fillPostgres(url: string, templateId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const startMs = Date.now() - DAYS * 86_400_000;
  const isoAt = `to_char(to_timestamp((${startMs} + n::bigint * ${Math.floor((DAYS * 86_400_000) / RUNS)}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await client.query(
    `insert into runs (${COLUMN_NAMES}) select ${columns('n', (expression) => `(${expression})::text`, isoAt)}
     from generate_series(1, ${RUNS}) as n, runs where runs.status_id = $1`,
    [templateId],
  );
  await client.query('analyze runs');
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

export interface SearchBench {
  sqliteMedianMs: number;
  postgresMedianMs: number | null;
}

export async function runSearchBench(): Promise<SearchBench> {
  const sqlitePlatform = await startPlatform({ env: { BROWSER_POOL_SIZE: '0' } });
  let sqliteMedianMs: number;
  try {
    fillSqlite(sqlitePlatform, await templateRun(sqlitePlatform));
    // The fill blocked this process for seconds: let fetch see the keep-alive sockets the server closed meanwhile.
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    sqliteMedianMs = await medianSearchMs(sqlitePlatform);
  } finally {
    await sqlitePlatform.stop();
  }
  printFigure('search-100k-sqlite', sqliteMedianMs, 'ms');

  const bin = postgresBinDir();
  if (!bin) {
    console.warn(`search-100k-pg: not measured: ${POSTGRES_MISSING_MESSAGE}`);
    return { sqliteMedianMs, postgresMedianMs: null };
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const postgresPlatform = await startPlatform({ env: { BROWSER_POOL_SIZE: '0', DATABASE_URL: cluster.url } });
    try {
      await fillPostgres(cluster.url, await templateRun(postgresPlatform));
      const postgresMedianMs = await medianSearchMs(postgresPlatform);
      printFigure('search-100k-pg', postgresMedianMs, 'ms');
      return { sqliteMedianMs, postgresMedianMs };
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
