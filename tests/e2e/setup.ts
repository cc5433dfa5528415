import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, startPlatform, type Platform } from './harness';
import { openNetworkLink, type NetworkLink } from './network-link';
import { pollEvery, signIn } from './pages';
import { waitForServiceWorkerControl } from './service-worker';

type StartOptions = Parameters<typeof startPlatform>[0];

/**
 * One real server (fresh data folder) and one Chromium per test file, torn down after it.
 * Options come from a function so that earlier hooks can prepare what they point at.
 */
export function useE2E(options: () => StartOptions = () => ({})) {
  let platform: Platform | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    platform = await startPlatform(options());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The ${what} is not started: use it inside a test or hook.`);
    return value;
  };
  return {
    get platform() {
      return started(platform, 'platform');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/**
 * `signedInPage()` opens a fresh, worker-free browser context (wide viewport, plus `contextOptions`) signed in as the
 * administrator; the context is closed after each test. With `pollPeriodMs`, its pages poll at that period (see
 * `pollEvery`).
 */
export function useSignedInPages(
  e2e: ReturnType<typeof useE2E>,
  contextOptions: BrowserContextOptions = {},
  { pollPeriodMs }: { pollPeriodMs?: number } = {},
): () => Promise<Page> {
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  return async () => {
    context = await e2e.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1600, height: 1000 }, ...contextOptions });
    if (pollPeriodMs !== undefined) await pollEvery(context, pollPeriodMs);
    const page = await context.newPage();
    await signIn(page, e2e.platform.baseUrl, e2e.platform.admin);
    return page;
  };
}

/**
 * Pages whose network the test can drop, as a lost Wi-Fi does: the browser reaches the server through a NetworkLink
 * that the test cuts (open connections reset, new ones refused) while the context goes offline, so the page gets the
 * 'offline' and 'online' events that pause and resume its queues. `signedInPage()` opens a fresh context (wide viewport)
 * on the link's origin, signed in as the administrator and controlled by the service worker, so it also reloads
 * offline; the context is closed and the link restored (unthrottled) after each test.
 */
export function useOfflinePages(e2e: ReturnType<typeof useE2E>) {
  let link: NetworkLink | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    const { hostname, port } = new URL(e2e.platform.baseUrl);
    link = await openNetworkLink({ host: hostname, port: Number(port) });
  });
  afterAll(async () => {
    await link?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    link?.restore();
    link?.setDownstreamRate(Number.POSITIVE_INFINITY);
  });
  const opened = (): NetworkLink => {
    if (!link) throw new Error('The network link is not open: use it inside a test or hook.');
    return link;
  };
  return {
    get link() {
      return opened();
    },
    async signedInPage(): Promise<Page> {
      context = await e2e.browser.newContext({ viewport: { width: 1600, height: 1000 } });
      const page = await context.newPage();
      await signIn(page, opened().origin, e2e.platform.admin);
      await waitForServiceWorkerControl(page);
      return page;
    },
    async goOffline(): Promise<void> {
      opened().cut();
      await context?.setOffline(true);
    },
    async goOnline(): Promise<void> {
      opened().restore();
      await context?.setOffline(false);
    },
  };
}
