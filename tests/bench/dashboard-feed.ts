/**
 * The Captured Data feed over 100 000 step results (issue 16): a test server (a real SQLite file, or PostgreSQL when run
 * under tests/support/with-postgres.ts) holds 10 000 finished runs of 20 collections over 30 days, 10 steps each; a
 * client on loopback asks `dashboard/feed/datasets/.../testSuite/all` for the whole 30 days (every row read, the
 * newest MAX_DATASET_ROWS answered) and botanalytics for the same range. Prints `dashboard-feed-100k-median: N ms`
 * and `dashboard-analytics-10k-median: N ms`, the median time of the whole HTTP answer. Run alone with
 * `node --import tsx tests/bench/dashboard-feed.ts`.
 */
import { pathToFileURL } from 'node:url';
import { datasetResponseSchema, datasetRowCount } from '../../src/shared/contracts/dashboards';
import { endpoints } from '../../src/shared/endpoints';
import { startTestServer } from '../../src/server/testing/testServer';
import { historyRunRow } from '../../src/server/testing/historyFixtures';
import { findUserByUserId } from '../../src/server/users/repository';
import { median, printFigure } from './figures';

const RUNS = 10_000;
const STEPS_PER_RUN = 10;
const COLLECTIONS = 20;
const DAYS = 30;
const ROUNDS = 9;
const CHUNK = 500;
const DAY_MS = 86_400_000;

export interface DashboardFeedFigures {
  feedMedianMs: number;
  analyticsMedianMs: number;
}

async function timed(fetchAnswer: () => Promise<Response>): Promise<{ ms: number; rows: number }> {
  const start = performance.now();
  const response = await fetchAnswer();
  const data = datasetResponseSchema.parse(await response.json()).data;
  return { ms: performance.now() - start, rows: datasetRowCount(data) };
}

export async function runDashboardFeedBench(): Promise<DashboardFeedFigures> {
  const t = await startTestServer();
  try {
    const db = t.server.services.db;
    const orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    const end = Date.now();
    const start = end - DAYS * DAY_MS;
    const gap = Math.floor((DAYS * DAY_MS) / RUNS);
    for (let first = 0; first < RUNS; first += CHUNK) {
      const runs = Array.from({ length: Math.min(CHUNK, RUNS - first) }, (_, offset) => {
        const n = first + offset;
        const at = start + n * gap;
        return historyRunRow({
          orgId,
          collectionId: `collection-${n % COLLECTIONS}`,
          testSuiteName: `Collection ${n % COLLECTIONS}`,
          state: n % 4 === 0 ? 'FAILED' : 'PASSED',
          submitted: new Date(at).toISOString(),
          started: new Date(at).toISOString(),
          completed: new Date(at + STEPS_PER_RUN * 1_000).toISOString(),
          devices: [`browser-${(n % 3) + 1}`],
        });
      });
      await db.insertInto('runs').values(runs).execute();
      const steps = runs.flatMap((run, offset) =>
        Array.from({ length: STEPS_PER_RUN }, (_, index) => ({
          status_id: run.status_id,
          flow_index: 0,
          flow_id: 'flow',
          flow_name: 'Flow',
          flow_type: 'FLOW',
          flow_loop: 1,
          step_id: `step-${index}`,
          step_name: `Step ${index}`,
          action: 'click',
          result: (first + offset) % 4 === 0 && index === STEPS_PER_RUN - 1 ? ('FAILED' as const) : ('PASSED' as const),
          error_detail: '',
          validation_result: '',
          images: '[]',
          attachments: '[]',
          time_started: new Date(Date.parse(run.time_started ?? '') + index * 1_000).toISOString(),
          time_completed: new Date(Date.parse(run.time_started ?? '') + index * 1_000 + 900).toISOString(),
        })),
      );
      for (let from = 0; from < steps.length; from += CHUNK) await db.insertInto('step_results').values(steps.slice(from, from + CHUNK)).execute();
    }
    const token = await t.tokenFor(t.admin);
    const range = `startDate=${start}&endDate=${end}`;
    const feed = () => t.request(`${endpoints.dashboards.datasets(orgId, ['all'])}?${range}`, { token });
    const analytics = () => t.request(`${endpoints.dashboards.botAnalytics(orgId)}?${range}`, { token });
    await timed(feed);
    await timed(analytics);
    const feedTimes: number[] = [];
    const analyticsTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const answer = await timed(feed);
      if (answer.rows === 0) throw new Error('The feed answered no rows');
      feedTimes.push(answer.ms);
      analyticsTimes.push((await timed(analytics)).ms);
    }
    const figures = { feedMedianMs: median(feedTimes), analyticsMedianMs: median(analyticsTimes) };
    printFigure('dashboard-feed-100k-median', figures.feedMedianMs, 'ms');
    printFigure('dashboard-analytics-10k-median', figures.analyticsMedianMs, 'ms');
    return figures;
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runDashboardFeedBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
