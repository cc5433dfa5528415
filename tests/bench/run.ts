/**
 * npm run bench: what a user downloads, as Chromium receives it, how the server holds up under a wall of displays, and
 * the cost of the platform's own machinery. Prints one figure a line as `name: value unit` and exits non-zero when a
 * budget is exceeded. Needs dist/ (npm run build) and Chromium.
 */
import { chromiumMissing, CHROMIUM_PATH } from '../e2e/harness';
import { EXECUTOR_OVERHEAD_RATIO_BUDGET, runExecutorBench } from './executor';
import { OPS_TABLE_DOM_ROWS_BUDGET, printOpsTableBench } from './ops-table';
import { runOutboxBench } from './outbox';
import { INTERRUPTED_DOWNLOAD_RATIO_BUDGET, runTransferBench } from './transfer';
import { ESTIMATE_AT_CAP_BUDGET_MS, runRecurrenceBench } from './recurrence';
import { runSchedulerBench, SCHEDULER_TICK_BUDGET_MS } from './scheduler';
import { OPS_SEARCH_BUDGET_MS, OPS_SUMMARY_BUDGET_MS, runSearchBench } from './search';
import { runDispatchBench } from './dispatch';
import { FLAKY_VIEW_BUDGET_MS, runFlakyViewBench } from './flaky-view';
import { runDashboardFeedBench } from './dashboard-feed';
import { LIEFI_RECOVER_BUDGET_MS, runLiefiBench } from './liefi';
import { runWallDisplayBench, WALL_DISPLAY_P99_BUDGET_MS } from './wall-displays';
import { KB, LOGIN_JS_WIRE_BUDGET_KB, PRECACHE_WIRE_BUDGET_KB, runWireBench } from './wire';
import { DASHBOARD_SHAPING_BUDGET_MS, runChartShapingBench } from './chart-shaping';
import { DASHBOARD_RENDER_BUDGET_MS, printDashboardRenderBench } from './dashboard-render';
import { runBackupBench } from './backup';
import { runServerStartBench } from './server-start';
import { PURGE_P99_RATIO_BUDGET, runPurgeBench } from './purge';
import { LEADERSHIP_HEAP_GROWTH_BUDGET_PCT, LEADERSHIP_RECOVER_BUDGET_MS, leadershipSoakProblems, printLeadershipSoakBench } from './leadership-soak';

/** A budget is printed as it is written: rounding 1.25 to 1.3 would misstate it. */
function printBudget(name: string, value: number, unit: string): void {
  console.log(`budget-${name}: ${value} ${unit}`);
}

async function main(): Promise<number> {
  if (chromiumMissing) throw new Error(`The bench needs Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  const wire = await runWireBench();
  const loginJsKb = wire.login.jsBytes / KB;
  const precacheKb = wire.precacheBytes / KB;
  printBudget('login-js-wire', LOGIN_JS_WIRE_BUDGET_KB, 'KB');
  printBudget('precache-wire', PRECACHE_WIRE_BUDGET_KB, 'KB');
  await runServerStartBench();
  const wall = await runWallDisplayBench();
  printBudget('wall-display-p99', WALL_DISPLAY_P99_BUDGET_MS, 'ms');
  const executor = await runExecutorBench();
  printBudget('executor-overhead-ratio', EXECUTOR_OVERHEAD_RATIO_BUDGET, 'x');
  const transfer = await runTransferBench();
  printBudget('interrupted-download-bytes-ratio', INTERRUPTED_DOWNLOAD_RATIO_BUDGET, 'x');
  await runOutboxBench();
  const liefi = await runLiefiBench();
  printBudget('liefi-recover-ms', LIEFI_RECOVER_BUDGET_MS, 'ms');
  const recurrence = runRecurrenceBench();
  const scheduler = await runSchedulerBench();
  printBudget('scheduler-tick', SCHEDULER_TICK_BUDGET_MS, 'ms');
  const search = await runSearchBench();
  printBudget('ops-search-100k-median', OPS_SEARCH_BUDGET_MS, 'ms');
  printBudget('ops-summary-100k-median', OPS_SUMMARY_BUDGET_MS, 'ms');
  const opsTable = await printOpsTableBench();
  printBudget('ops-table-10k-dom-rows', OPS_TABLE_DOM_ROWS_BUDGET, 'rows');
  const operations = [search.operations.sqlite, search.operations.postgres].filter((figures) => figures !== null);
  const flakyView = await runFlakyViewBench();
  printBudget('flaky-view-100k-median', FLAKY_VIEW_BUDGET_MS, 'ms');
  await runDispatchBench();
  const chartShaping = runChartShapingBench();
  printBudget('dashboard-shaping-365-median', DASHBOARD_SHAPING_BUDGET_MS, 'ms');
  await runDashboardFeedBench();
  const dashboardRenderMs = await printDashboardRenderBench();
  printBudget('dashboard-render-12x365-ms', DASHBOARD_RENDER_BUDGET_MS, 'ms');
  const leadershipSoak = await printLeadershipSoakBench();
  printBudget('leadership-heap-growth-pct', LEADERSHIP_HEAP_GROWTH_BUDGET_PCT, '%');
  printBudget('leadership-recover-ms', LEADERSHIP_RECOVER_BUDGET_MS, 'ms');
  await runBackupBench();
  const purge = await runPurgeBench();
  printBudget('purge-request-p99-ratio', PURGE_P99_RATIO_BUDGET, 'x');

  const exceeded = [
    loginJsKb > LOGIN_JS_WIRE_BUDGET_KB && `login JS ${loginJsKb.toFixed(1)} KB on the wire exceeds ${LOGIN_JS_WIRE_BUDGET_KB} KB`,
    precacheKb > PRECACHE_WIRE_BUDGET_KB && `precache ${precacheKb.toFixed(1)} KB on the wire exceeds ${PRECACHE_WIRE_BUDGET_KB} KB`,
    wall.p99Ms > WALL_DISPLAY_P99_BUDGET_MS && `wall display poll p99 ${wall.p99Ms.toFixed(1)} ms exceeds ${WALL_DISPLAY_P99_BUDGET_MS} ms`,
    wall.errors > 0 && `${wall.errors} wall display polls failed`,
    liefi.medianMs > LIEFI_RECOVER_BUDGET_MS && `lie-fi recovery ${Math.round(liefi.medianMs)} ms exceeds ${LIEFI_RECOVER_BUDGET_MS} ms`,
    executor.overheadRatio > EXECUTOR_OVERHEAD_RATIO_BUDGET &&
      `executor overhead ${executor.overheadRatio.toFixed(2)} x exceeds ${EXECUTOR_OVERHEAD_RATIO_BUDGET} x`,
    transfer.ratio > INTERRUPTED_DOWNLOAD_RATIO_BUDGET &&
      `interrupted download sent ${transfer.ratio.toFixed(3)} x the file, over ${INTERRUPTED_DOWNLOAD_RATIO_BUDGET} x`,
    recurrence.estimateAtCapMedianMs > ESTIMATE_AT_CAP_BUDGET_MS &&
      `estimate at the iteration cap ${recurrence.estimateAtCapMedianMs.toFixed(1)} ms exceeds ${ESTIMATE_AT_CAP_BUDGET_MS} ms`,
    scheduler.idleTickMedianMs > SCHEDULER_TICK_BUDGET_MS &&
      `scheduler tick with nothing due ${scheduler.idleTickMedianMs.toFixed(1)} ms exceeds ${SCHEDULER_TICK_BUDGET_MS} ms`,
    scheduler.dueTickMedianMs > SCHEDULER_TICK_BUDGET_MS &&
      `scheduler tick with a few schedules due ${scheduler.dueTickMedianMs.toFixed(1)} ms exceeds ${SCHEDULER_TICK_BUDGET_MS} ms`,
    scheduler.waitingTickMedianMs > SCHEDULER_TICK_BUDGET_MS &&
      `scheduler tick with firings waiting in the queue ${scheduler.waitingTickMedianMs.toFixed(1)} ms exceeds ${SCHEDULER_TICK_BUDGET_MS} ms`,
    opsTable.domRowsMax > OPS_TABLE_DOM_ROWS_BUDGET &&
      `the Operations Centre table held ${opsTable.domRowsMax} rows in the DOM with 10 000 results, over ${OPS_TABLE_DOM_ROWS_BUDGET}`,
    ...operations.flatMap((figures) => [
      figures.searchMs > OPS_SEARCH_BUDGET_MS && `Operations Centre search over 100 000 runs ${figures.searchMs.toFixed(1)} ms exceeds ${OPS_SEARCH_BUDGET_MS} ms`,
      figures.summaryMs > OPS_SUMMARY_BUDGET_MS && `Operations Centre summaries over 100 000 runs ${figures.summaryMs.toFixed(1)} ms exceeds ${OPS_SUMMARY_BUDGET_MS} ms`,
    ]),
    ...[flakyView.sqliteMs, flakyView.postgresMs].map(
      (ms) => ms !== null && ms > FLAKY_VIEW_BUDGET_MS && `the Flaky flows view over 100 000 runs answered in ${ms.toFixed(1)} ms, over ${FLAKY_VIEW_BUDGET_MS} ms`,
    ),
    chartShaping.medianMs > DASHBOARD_SHAPING_BUDGET_MS &&
      `shaping a year of daily runs into the six chart types ${chartShaping.medianMs.toFixed(1)} ms exceeds ${DASHBOARD_SHAPING_BUDGET_MS} ms`,
    dashboardRenderMs > DASHBOARD_RENDER_BUDGET_MS &&
      `a report of 12 elements over a year of daily runs drew in ${dashboardRenderMs.toFixed(1)} ms, over ${DASHBOARD_RENDER_BUDGET_MS} ms`,
    ...leadershipSoakProblems(leadershipSoak),
    purge.p99Ms > PURGE_P99_RATIO_BUDGET * purge.baselineP99Ms &&
      `wall display poll p99 ${purge.p99Ms.toFixed(1)} ms during the retention purge exceeds ${PURGE_P99_RATIO_BUDGET} x the ${purge.baselineP99Ms.toFixed(1)} ms without it`,
  ].filter((message): message is string => typeof message === 'string');
  exceeded.forEach((message) => console.error(`Budget exceeded: ${message}`));
  return exceeded.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
