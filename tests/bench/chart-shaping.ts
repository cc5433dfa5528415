/**
 * Chart shaping benchmark (issue 16): the median time to shape a year of daily run data (24 runs a day over six
 * collections) into each of the six chart types, as a report's elements do before they draw. The Chromium render figure
 * (`dashboard-render-12x365-ms`) needs the built app; this one is the part of it that runs in Node.
 * Prints `dashboard-shaping-365-median: N ms`. Run alone with `node --import tsx tests/bench/chart-shaping.ts`.
 */
import { DateTime } from 'luxon';
import { pathToFileURL } from 'node:url';
import { analyticsDataset, analyticsRun } from '../../src/features/dashboards/chart-data/analytics-rows.fixture';
import { shapeChart, type ChartInput } from '../../src/features/dashboards/chart-data/shape';
import { CHART_TYPES, type ChartConfig } from '../../src/shared/contracts/dashboards';
import { median, printFigure } from './figures';

const DAYS = 365;
const RUNS_PER_DAY = 24;
const COLLECTIONS = ['Checkout', 'Login', 'Search', 'Profile', 'Cart', 'Payments'];
const WARM_UP_RUNS = 3;
const MEASURED_RUNS = 21;
/** A third of the 300 ms render budget for shaping all six types, leaving the rest to drawing. */
export const DASHBOARD_SHAPING_BUDGET_MS = 100;

function yearOfRuns(last: DateTime) {
  const rows = [];
  for (let day = 0; day < DAYS; day++) {
    const date = last.minus({ days: day }).toISODate() ?? '';
    for (let run = 0; run < RUNS_PER_DAY; run++) {
      const failed = (day * RUNS_PER_DAY + run) % 7 === 0;
      rows.push(
        analyticsRun(date, {
          collection: COLLECTIONS[run % COLLECTIONS.length] ?? '',
          result: failed ? 'FAILED' : 'PASSED',
          duration: 20_000 + ((day * 31 + run * 17) % 90) * 1_000,
          failedSteps: failed ? 1 : 0,
        }),
      );
    }
  }
  return analyticsDataset(rows);
}

/** Each chart type as a report would configure it: grouped by result, durations where a value is plotted. */
function chartOf(type: ChartConfig['type']): ChartConfig {
  const plotsValue = type === 'barGraph' || type === 'barGraphHorizontal' || type === 'pieGraph';
  return { type, plotAttrs: plotsValue ? ['duration'] : [], group: type === 'pieGraph' || type.endsWith('Table') || type === 'table' ? null : 'result', timeUnit: 'Seconds' };
}

export function runChartShapingBench(): { medianMs: number } {
  const last = DateTime.utc(2026, 11, 22);
  const dataset = yearOfRuns(last);
  const timeFrame = { fromDate: last.minus({ days: DAYS - 1 }).toISODate(), toDate: last.toISODate() };
  const inputs: ChartInput[] = CHART_TYPES.map((type) => ({
    chart: chartOf(type),
    breakdown: { config: {}, activeAttrs: ['time', 'collection', 'result', 'duration', 'failedSteps', 'count'] },
    dataset,
    timeFrame,
  }));
  const times: number[] = [];
  for (let run = 0; run < WARM_UP_RUNS + MEASURED_RUNS; run++) {
    const started = performance.now();
    for (const input of inputs) shapeChart(input);
    if (run >= WARM_UP_RUNS) times.push(performance.now() - started);
  }
  const medianMs = median(times);
  printFigure('dashboard-shaping-365-median', medianMs, 'ms');
  return { medianMs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { medianMs } = runChartShapingBench();
  console.log(`budget-dashboard-shaping-365-median: ${DASHBOARD_SHAPING_BUDGET_MS} ms`);
  process.exit(medianMs > DASHBOARD_SHAPING_BUDGET_MS ? 1 : 0);
}
