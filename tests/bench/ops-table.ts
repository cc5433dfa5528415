/**
 * The Operations Centre's result table with 10 000 results (issue 14), in real Chromium against the real server: 10 000
 * failed runs of the last hours, the page's default search (Failed flow, the last day), then the table scrolled to its
 * end page by page as a user would, loading the server's pages as it goes. Prints `ops-table-10k-dom-rows`, the most
 * rows the table's DOM held at any point (budget 60), and `ops-table-10k-scroll-frame-median`, the median time between
 * animation frames while scrolling. Run alone with `node --import tsx tests/bench/ops-table.ts` after `npm run build`.
 */
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../src/server/db/database';
import { launchBrowser, startPlatform } from '../e2e/harness';
import { signIn } from '../e2e/pages';
import { median, printFigure } from './figures';
import { RUN_COLUMN_NAMES, templateRun } from './search';

const RESULTS = 10_000;
export const OPS_TABLE_DOM_ROWS_BUDGET = 60;
const RESULTS_LABEL = 'Collection execution details';

/** RESULTS failed copies of the template run, completed one per second ending a minute ago. */
function fillFailedRuns(dataDir: string, templateRunId: string): void {
  const sqlite = new Database(`${dataDir}/${DATABASE_FILE}`);
  sqlite.pragma('busy_timeout = 10000');
  const isoAt = `strftime('%Y-%m-%dT%H:%M:%fZ', (${Date.now() - 60_000} - n * 1000) / 1000.0, 'unixepoch')`;
  sqlite
    .prepare(
      `with recursive numbers(n) as (select 1 union all select n + 1 from numbers where n < ${RESULTS})
       insert into runs (${RUN_COLUMN_NAMES})
       select 'table-' || n, org_id, collection_id, test_suite_name || ' ' || n, collection, 'FAILED', device_type, hybrid_device_ids,
         resource_ids, ${isoAt}, n, ${isoAt}, ${isoAt}, triggered_by, cancelled_by, progress, attachments, variables, replica_id
       from numbers, runs where runs.status_id = ?`,
    )
    .run(templateRunId);
  sqlite.close();
}

export interface OpsTableBench {
  domRowsMax: number;
  frameMedianMs: number;
}

export async function runOpsTableBench(): Promise<OpsTableBench> {
  const platform = await startPlatform({ env: { BROWSER_POOL_SIZE: '0' } });
  const browser = await launchBrowser();
  try {
    fillFailedRuns(platform.dataDir, (await templateRun(platform)).runId);
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, platform.baseUrl, platform.admin);
    await page.goto(`${platform.baseUrl}/studio/operations-center`);
    const grid = page.getByRole('grid', { name: RESULTS_LABEL });
    await page.getByText(`${RESULTS} total`).waitFor({ timeout: 30_000 });

    // Scrolls one screen per animation frame until the last result is on screen, counting the rows in the DOM and
    // timing the frames; the table loads the next server page itself as the end comes near.
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const { domRowsMax, frames } = await grid.evaluate(async (element, results) => {
      const deadline = performance.now() + 120_000;
      const gaps: number[] = [];
      let most = element.querySelectorAll('[role="row"]').length;
      let previous = performance.now();
      while (element.querySelector(`[aria-rowindex="${results + 1}"]`) === null) {
        if (performance.now() > deadline) throw new Error(`The table did not reach its last row: ${element.scrollTop} px scrolled`);
        element.scrollTop += element.clientHeight;
        const frameAt = await new Promise<number>((resolveFrame) => requestAnimationFrame(resolveFrame));
        gaps.push(frameAt - previous);
        previous = frameAt;
        most = Math.max(most, element.querySelectorAll('[role="row"]').length);
      }
      return { domRowsMax: most, frames: gaps };
    }, RESULTS);
    await context.close();
    return { domRowsMax, frameMedianMs: median(frames) };
  } finally {
    await browser.close();
    await platform.stop();
  }
}

export async function printOpsTableBench(): Promise<OpsTableBench> {
  const figures = await runOpsTableBench();
  printFigure('ops-table-10k-dom-rows', figures.domRowsMax, 'rows');
  printFigure('ops-table-10k-scroll-frame-median', figures.frameMedianMs, 'ms');
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await printOpsTableBench();
}
