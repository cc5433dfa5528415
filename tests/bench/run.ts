/**
 * npm run bench: the weight of what a user downloads. Prints one figure a line as `name: value unit`
 * and exits non-zero when a budget is exceeded. Needs dist/ (npm run build) and Chromium.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumMissing, CHROMIUM_PATH, launchBrowser, ROOT_DIR, startPlatform } from '../e2e/harness';
import { EXECUTOR_OVERHEAD_RATIO_BUDGET, runExecutorBench } from './executor';
import { runOutboxBench } from './outbox';
import { INTERRUPTED_DOWNLOAD_RATIO_BUDGET, runTransferBench } from './transfer';
import { ESTIMATE_AT_CAP_BUDGET_MS, runRecurrenceBench } from './recurrence';
import { runSchedulerBench, SCHEDULER_TICK_BUDGET_MS } from './scheduler';

const KB = 1024;
const BUDGETS = { loginJsGzipKb: 150, precacheTotalKb: 2 * 1024 } as const;
const DIST_DIR = join(ROOT_DIR, 'dist');

interface Transferred {
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/** gzip (level 9, what a static server's precompression would send) of every script and stylesheet the login page loads. */
async function measureLoginPage(): Promise<Transferred> {
  const platform = await startPlatform();
  const browser = await launchBrowser();
  try {
    // No service worker: its background precache downloads are not what the login page costs.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const bodies: Array<Promise<{ type: string; bytes: number }>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      bodies.push(response.body().then((body) => ({ type, bytes: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(`${platform.baseUrl}/studio/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const sizes = await Promise.all(bodies);
    const total = (type: string) => sizes.filter((size) => size.type === type).reduce((sum, size) => sum + size.bytes, 0);
    return { jsGzipBytes: total('script'), cssGzipBytes: total('stylesheet') };
  } finally {
    await browser.close();
    await platform.stop();
  }
}

/** The precache manifest injected into dist/sw.js by vite-plugin-pwa: entries of {"revision", "url"}. */
function precacheManifest(): { entries: number; totalBytes: number } {
  const sw = readFileSync(join(DIST_DIR, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
  if (urls.length === 0) throw new Error('No precache manifest found in dist/sw.js');
  return { entries: urls.length, totalBytes: urls.reduce((sum, url) => sum + statSync(join(DIST_DIR, url)).size, 0) };
}

function print(name: string, value: number, unit: string): void {
  console.log(`${name}: ${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`);
}

/** A budget is printed as it is written: rounding 1.25 to 1.3 would misstate it. */
function printBudget(name: string, value: number, unit: string): void {
  console.log(`budget-${name}: ${value} ${unit}`);
}

async function main(): Promise<number> {
  if (chromiumMissing) throw new Error(`The bench needs Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  const login = await measureLoginPage();
  const precache = precacheManifest();
  const loginJsKb = login.jsGzipBytes / KB;
  const precacheKb = precache.totalBytes / KB;

  print('login-js-gzip', loginJsKb, 'KB');
  print('login-css-gzip', login.cssGzipBytes / KB, 'KB');
  print('precache-total', precacheKb, 'KB');
  print('precache-entries', precache.entries, 'count');
  printBudget('login-js-gzip', BUDGETS.loginJsGzipKb, 'KB');
  printBudget('precache-total', BUDGETS.precacheTotalKb, 'KB');
  const executor = await runExecutorBench();
  printBudget('executor-overhead-ratio', EXECUTOR_OVERHEAD_RATIO_BUDGET, 'x');
  const transfer = await runTransferBench();
  printBudget('interrupted-download-bytes-ratio', INTERRUPTED_DOWNLOAD_RATIO_BUDGET, 'x');
  await runOutboxBench();
  const recurrence = runRecurrenceBench();
  const scheduler = await runSchedulerBench();
  printBudget('scheduler-tick', SCHEDULER_TICK_BUDGET_MS, 'ms');

  const exceeded = [
    loginJsKb > BUDGETS.loginJsGzipKb && `login JS ${loginJsKb.toFixed(1)} KB gzip exceeds ${BUDGETS.loginJsGzipKb} KB`,
    precacheKb > BUDGETS.precacheTotalKb && `precache ${precacheKb.toFixed(1)} KB exceeds ${BUDGETS.precacheTotalKb} KB`,
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
