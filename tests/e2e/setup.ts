import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, startPlatform, type Platform } from './harness';
import { signIn } from './pages';

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
 * administrator; the context is closed after each test.
 */
export function useSignedInPages(e2e: ReturnType<typeof useE2E>, contextOptions: BrowserContextOptions = {}): () => Promise<Page> {
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  return async () => {
    context = await e2e.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1600, height: 1000 }, ...contextOptions });
    const page = await context.newPage();
    await signIn(page, e2e.platform.baseUrl, e2e.platform.admin);
    return page;
  };
}
