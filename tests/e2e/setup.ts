import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startPlatform, type Platform } from './harness';

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
