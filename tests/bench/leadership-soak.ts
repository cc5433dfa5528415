/**
 * Wall display soak (issue 17, "Wall displays that survive for weeks"): real Chromium shows the leadership dashboard
 * through a link the soak cuts (tests/e2e/network-link.ts), with its polls accelerated to 200 ms by the test-only
 * period (src/offline/polling.ts, pollPeriodMs). Over the run it cuts the link (clean resets and silent lie-fi drops,
 * some long) and restarts the server, and after each outage times how long the page takes to show fresh data: from the
 * link back (or the server listening again) to the newest `data-updated-at` of the page's 'updated N s ago' marks.
 * The JS heap is measured after forced garbage collections (the least of several readings) once the page has warmed
 * up and again at the end, and the DOM node count is sampled throughout. Prints `leadership-heap-growth-pct` and `leadership-recover-ms`.
 *
 * Until a leadership dashboard can be opened (display token call and page), it soaks the Operations Centre wall
 * display, which polls too, and says so in the printed figures. Run alone with
 * `LEADERSHIP_SOAK_SECONDS=120 node --import tsx tests/bench/leadership-soak.ts` (needs dist/ and Chromium).
 */
import { pathToFileURL } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../src/server/runs/executor/browserExecutor';
import { displayTokenCreatedResponseSchema } from '../../src/shared/contracts/custom-dashboard';
import { LEADERSHIP_DASHBOARD_TITLE, REPORT_FORM_FIELDS, reportSavedResponseSchema } from '../../src/shared/contracts/dashboards';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi } from '../e2e/api';
import { CHROMIUM_PATH, screenshot, startPlatform, type Platform } from '../e2e/harness';
import { openNetworkLink, type NetworkLink } from '../e2e/network-link';
import { pollEvery, signIn } from '../e2e/pages';
import { median, printFigure } from './figures';

/** The test-only poll period the soak runs the display at (issue 17). */
export const SOAK_POLL_PERIOD_MS = 200;
/** Issue 17: the JS heap after a forced GC at the end has grown under 5 % from the start (after warm-up). */
export const LEADERSHIP_HEAP_GROWTH_BUDGET_PCT = 5;
/**
 * Recovery within one poll period plus jitter: the probe looks for the server at least once per period (full jitter
 * within it), and its answer refetches the view at once; the jitter allowance is a second period, for the refetch's own
 * round trip and render on a loaded machine. 400 ms at the soak's 200 ms period (20 s at the spec's 10 s).
 */
export const LEADERSHIP_RECOVER_BUDGET_MS = 2 * SOAK_POLL_PERIOD_MS;
/** DOM nodes may vary with the data shown and the stale marks, but never grow with the hours on the wall. */
const DOM_GROWTH_ALLOWED = 1.25;
const DOM_SLACK_NODES = 200;
const WARM_UP_MS = 15_000;
/** One warm-up cycle: one outage of each kind the soak makes. */
const WARM_UP_OUTAGES: readonly Outage[] = [
  { kind: 'cut', downMs: 1_000 },
  { kind: 'silent', downMs: 2_000 },
  { kind: 'restart', downMs: 0 },
];
/** The warm-up is over once a whole cycle raised the retained heap by less than this. */
const WARM_UP_SETTLED_PCT = 1;
const RECOVERY_LIMIT_MS = 60_000;
const DOM_SAMPLE_EVERY_MS = 5_000;
const HEAP_READINGS = 8;
const HEAP_READING_GAP_MS = 250;

export type OutageKind = 'cut' | 'silent' | 'restart';

export interface Outage {
  kind: OutageKind;
  /** How long the link stays down (a restart takes as long as the server needs to start). */
  downMs: number;
}

export interface Recovery extends Outage {
  recoverMs: number;
}

export interface SoakResult {
  target: 'leadership' | 'operations';
  recoveries: Recovery[];
  medianRecoverMs: number;
  heapStartBytes: number;
  heapEndBytes: number;
  heapGrowthPct: number;
  domNodes: { warm: number; max: number; samples: number };
  domBounded: boolean;
}

/**
 * `cuts` outages spread over the run, alternating clean cuts and silent drops (every fifth a long one), with the
 * server restarts placed evenly between them.
 */
export function soakPlan(cuts: number, restarts: number, longMs: number): Outage[] {
  const outages: Outage[] = Array.from({ length: cuts }, (_, index) => ({
    kind: index % 2 === 0 ? 'cut' : 'silent',
    downMs: index % 5 === 4 ? longMs : 1_000 + (index % 3) * 1_000,
  }));
  for (let restart = 1; restart <= restarts; restart += 1) {
    outages.splice(Math.round((restart * outages.length) / (restarts + 1)) + restart - 1, 0, { kind: 'restart', downMs: 0 });
  }
  return outages;
}

/** Waits until the page shows data that arrived after `since`; answers how long after `since` it arrived. */
async function msUntilFresh(page: Page, since: number): Promise<number> {
  const fresh = await page.waitForFunction(
    (after) => {
      const newest = Math.max(0, ...Array.from(document.querySelectorAll('[data-updated-at]'), (mark) => Number(mark.getAttribute('data-updated-at'))));
      return newest > after ? newest : false;
    },
    since,
    { polling: 20, timeout: RECOVERY_LIMIT_MS },
  );
  return Number(await fresh.jsonValue()) - since;
}

/** The JS heap in use after forced garbage collections (several, so that finalizers' garbage goes too). */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  for (let round = 0; round < 3; round += 1) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/**
 * What the page really holds: the least of several heap readings after forced GC, a moment apart. One reading also
 * counts what the polls in flight hold at that instant (responses, a render under way): readings after each outage
 * of one run spread over 1.5 MB of a 10 MB heap, more than the budget, without any trend.
 */
async function retainedHeap(page: Page, cdp: CDPSession): Promise<number> {
  const readings: number[] = [];
  for (let reading = 0; reading < HEAP_READINGS; reading += 1) {
    if (reading > 0) await page.waitForTimeout(HEAP_READING_GAP_MS);
    readings.push(await heapAfterGc(cdp));
  }
  return Math.min(...readings);
}

function domNodeCount(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/**
 * A display link for the leadership dashboard: a saved report titled Leadership Dashboard, a couple of runs to show,
 * a project if the call exists, and a display token for the report. Null when the platform cannot make the token yet.
 */
async function leadershipDisplayUrl(platform: Platform, origin: string): Promise<string | null> {
  const api = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  for (const name of ['Demo_Sign_In', 'Demo_Wrong_Assertion']) await api.waitForRun(await api.trigger(await api.collectionIdByName(name)));
  await api.call(endpoints.customDashboard.createProject, { method: 'POST', body: JSON.stringify({ projectName: 'Soak' }) }).catch(() => undefined);
  const report = new URLSearchParams({
    [REPORT_FORM_FIELDS.title]: LEADERSHIP_DASHBOARD_TITLE,
    [REPORT_FORM_FIELDS.settings]: JSON.stringify({ timeFrame: { type: 'previous_7_days', name: 'Last 7 Days', fromDate: null, toDate: null }, testPlans: [] }),
    [REPORT_FORM_FIELDS.elements]: '[]',
  });
  const saved = reportSavedResponseSchema.parse(await (await api.call(endpoints.dashboards.add, { method: 'POST', body: report })).json());
  const made = await api
    .call(endpoints.customDashboard.displayTokens, { method: 'POST', body: JSON.stringify({ dashboardId: saved.data.id, name: 'Soak wall' }) })
    .then(async (response) => displayTokenCreatedResponseSchema.parse(await response.json()).data.token)
    .catch(() => null);
  return made && `${origin}/studio/dashboard/leadership?dashboardId=${encodeURIComponent(made)}&display=wall`;
}

/** Opens the display and waits for its first data; falls back to the Operations Centre when no leadership page shows any. */
async function openDisplay(page: Page, platform: Platform, link: NetworkLink): Promise<SoakResult['target']> {
  const leadership = await leadershipDisplayUrl(platform, link.origin);
  if (leadership) {
    await page.goto(leadership);
    const shown = await page
      .locator('[data-updated-at]')
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return 'leadership';
  }
  await signIn(page, link.origin, platform.admin);
  await page.goto(`${link.origin}/studio/operations-center?display=wall`);
  await page.locator('[data-updated-at]').first().waitFor({ timeout: 30_000 });
  return 'operations';
}

/** Takes the outage; `whileDown` runs just before the link is restored. Answers when the link was back. */
async function takeOutage(outage: Outage, link: NetworkLink, platform: Platform, whileDown: () => Promise<unknown>): Promise<number> {
  if (outage.kind === 'restart') {
    await platform.restart();
    return Date.now();
  }
  const downAt = Date.now();
  if (outage.kind === 'cut') link.cut();
  else link.dropSilently();
  await whileDown();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + outage.downMs - Date.now())));
  link.restore();
  return Date.now();
}

export interface SoakOptions {
  durationMs: number;
  cuts: number;
  restarts: number;
  /** The long outages' length (every fifth cut). */
  longMs: number;
  /** Saves tests/.artifacts/leadership-soak-*.png during and after the first long outage. */
  screenshots?: boolean;
  /** Logs the heap after every outage (2 s each); on unless a short run has no time for it. */
  heapTrend?: boolean;
  /** At most this many warm-up cycles (default 4); the warm-up ends sooner once the heap has settled. */
  maxWarmUpCycles?: number;
  log?: (line: string) => void;
}

export async function runLeadershipSoak({
  durationMs,
  cuts,
  restarts,
  longMs,
  screenshots = false,
  heapTrend = true,
  maxWarmUpCycles = 4,
  log = () => undefined,
}: SoakOptions): Promise<SoakResult> {
  const platform = await startPlatform();
  const { hostname, port } = new URL(platform.baseUrl);
  const link = await openNetworkLink({ host: hostname, port: Number(port) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await pollEvery(context, SOAK_POLL_PERIOD_MS);
    const page = await context.newPage();
    const target = await openDisplay(page, platform, link);
    log(`soaking the ${target} display for ${Math.round(durationMs / 1000)} s`);
    const cdp = await context.newCDPSession(page);
    await page.waitForTimeout(WARM_UP_MS);
    // The warm-up repeats a cycle of one outage of each kind, uncounted, until a cycle no longer raises the heap: the heap
    // at the start then holds what the first outages compile once, so that the growth measured is what the hours on the
    // wall add. Heap snapshots of a 300 s soak with a shorter warm-up put all of its 0.6 MB rise in compiled code (+406 KB,
    // V8 compiling the recovery paths as they warm), none in the page's objects, strings or closures (+6 KB), and the
    // readings rose over the first 8 outages and then held level for the last 14. A leak never settles, so the warm-up
    // stops at maxWarmUpCycles and the rise still shows in the measured part.
    let heapStartBytes = await retainedHeap(page, cdp);
    for (let cycle = 1; cycle <= maxWarmUpCycles; cycle += 1) {
      for (const outage of WARM_UP_OUTAGES) await msUntilFresh(page, await takeOutage(outage, link, platform, () => Promise.resolve()));
      const before = heapStartBytes;
      heapStartBytes = await retainedHeap(page, cdp);
      const risePct = ((heapStartBytes - before) / before) * 100;
      log(`warm-up cycle ${cycle}: heap ${(heapStartBytes / 2 ** 20).toFixed(2)} MB (${risePct.toFixed(2)} %)`);
      if (risePct < WARM_UP_SETTLED_PCT) break;
    }
    const domWarm = await domNodeCount(page);
    const domSamples = [domWarm];
    const sampler = setInterval(() => void domNodeCount(page).then((count) => domSamples.push(count), () => undefined), DOM_SAMPLE_EVERY_MS);

    const plan = soakPlan(cuts, restarts, longMs);
    const startedAt = Date.now();
    const slotMs = (durationMs - WARM_UP_MS) / plan.length;
    const recoveries: Recovery[] = [];
    let looked = false;
    for (const [index, outage] of plan.entries()) {
      // The first long outage is looked at as a person would: the figures kept through it, then fresh again.
      const look: boolean = screenshots && !looked && outage.downMs === longMs;
      looked ||= look;
      const backAt = await takeOutage(outage, link, platform, () => (look ? screenshot(page, 'leadership-soak-during-outage') : Promise.resolve()));
      const recoverMs = await msUntilFresh(page, backAt);
      if (look) await screenshot(page, 'leadership-soak-recovered');
      recoveries.push({ ...outage, recoverMs });
      // The heap after each outage shows a trend (growth that levels off, or a leak) where two figures cannot.
      const heap = heapTrend ? `; heap ${((await retainedHeap(page, cdp)) / 2 ** 20).toFixed(2)} MB` : '';
      log(`${outage.kind} ${outage.downMs} ms: fresh ${recoverMs} ms after the link was back${heap}`);
      // Polls at the period until this outage's share of the run is over.
      await page.waitForTimeout(Math.max(SOAK_POLL_PERIOD_MS, startedAt + (index + 1) * slotMs - Date.now()));
    }
    clearInterval(sampler);
    domSamples.push(await domNodeCount(page));
    const heapEndBytes = await retainedHeap(page, cdp);
    const domMax = Math.max(...domSamples);
    return {
      target,
      recoveries,
      medianRecoverMs: median(recoveries.map((recovery) => recovery.recoverMs)),
      heapStartBytes,
      heapEndBytes,
      heapGrowthPct: ((heapEndBytes - heapStartBytes) / heapStartBytes) * 100,
      domNodes: { warm: domWarm, max: domMax, samples: domSamples.length },
      domBounded: domMax <= Math.max(domWarm * DOM_GROWTH_ALLOWED, domWarm + DOM_SLACK_NODES),
    };
  } finally {
    await browser.close();
    await link.close();
    await platform.stop();
  }
}

/** The bench's soak: LEADERSHIP_SOAK_SECONDS long (10 minutes unless set), 20 cuts and 2 server restarts. */
export async function printLeadershipSoakBench(): Promise<SoakResult> {
  const seconds = Number(process.env.LEADERSHIP_SOAK_SECONDS ?? 600);
  const durationMs = seconds * 1000;
  const result = await runLeadershipSoak({ durationMs, cuts: 20, restarts: 2, longMs: Math.min(30_000, durationMs / 40), log: (line) => console.error(line) });
  const on = `${result.target} display, ${seconds} s, polls every ${SOAK_POLL_PERIOD_MS} ms`;
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
  printFigure('leadership-heap-growth-pct', Number(result.heapGrowthPct.toFixed(2)), `% (${mb(result.heapStartBytes)} -> ${mb(result.heapEndBytes)} MB after forced GC; ${on})`);
  const byKind = (kind: OutageKind) =>
    result.recoveries
      .filter((recovery) => recovery.kind === kind)
      .map((recovery) => recovery.recoverMs)
      .join(', ');
  printFigure(
    'leadership-recover-ms',
    Math.round(result.medianRecoverMs),
    `ms (median of ${result.recoveries.length} outages; cut: ${byKind('cut')}; silent: ${byKind('silent')}; restart: ${byKind('restart')}; ${on})`,
  );
  printFigure('leadership-dom-nodes-max', result.domNodes.max, `nodes (${result.domNodes.warm} after warm-up, ${result.domNodes.samples} samples)`);
  return result;
}

/** What of the soak exceeded its budgets, as the bench reports it. */
export function leadershipSoakProblems(result: SoakResult): string[] {
  return [
    result.heapGrowthPct >= LEADERSHIP_HEAP_GROWTH_BUDGET_PCT &&
      `the ${result.target} display's JS heap grew ${result.heapGrowthPct.toFixed(2)} % over the soak, not under ${LEADERSHIP_HEAP_GROWTH_BUDGET_PCT} %`,
    result.medianRecoverMs > LEADERSHIP_RECOVER_BUDGET_MS &&
      `the ${result.target} display showed fresh data ${Math.round(result.medianRecoverMs)} ms (median) after the link returned, over ${LEADERSHIP_RECOVER_BUDGET_MS} ms`,
    !result.domBounded && `the ${result.target} display's DOM grew from ${result.domNodes.warm} to ${result.domNodes.max} nodes`,
  ].filter((problem): problem is string => typeof problem === 'string');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = leadershipSoakProblems(await printLeadershipSoakBench());
  problems.forEach((problem) => console.error(`Budget exceeded: ${problem}`));
  // As run.ts does: the API client's kept-alive sockets would hold the process open for minutes.
  process.exit(problems.length === 0 ? 0 : 1);
}
