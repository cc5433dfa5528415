import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_BROWSER_PATH } from '../../testing/testBrowser';
import { createWarmBrowsers, type WarmBrowsers } from './warmBrowsers';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const listenerCounts = () => SIGNALS.map((signal) => process.listenerCount(signal));

/** Chromium as launched, whose contexts never answer newPage: what a browser gone under a session being prepared did. */
function launchWithPagesThatNeverCome(started: (browser: Browser) => void) {
  return async (options: LaunchOptions): Promise<Browser> => {
    const browser = await chromium.launch(options);
    started(browser);
    const stuckContext = (context: BrowserContext): BrowserContext =>
      new Proxy(context, { get: (target, key) => (key === 'newPage' ? () => new Promise(() => undefined) : Reflect.get(target, key, target)) });
    return new Proxy(browser, {
      get: (target, key) => (key === 'newContext' ? async () => stuckContext(await target.newContext()) : Reflect.get(target, key, target)),
    });
  };
}

describe('warm browsers', () => {
  let pool: WarmBrowsers | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('prepares a live session, leaves SIGINT, SIGTERM and SIGHUP to the server, and closes its browsers on close', async () => {
    const before = listenerCounts();
    pool = createWarmBrowsers(TEST_BROWSER_PATH);
    pool.warm('browser-1');
    const session = await pool.acquire('browser-1');
    expect(session.browser.isConnected()).toBe(true);
    expect(session.page.isClosed()).toBe(false);
    // playwright-core would otherwise close the browser itself on a signal, racing the server's own shutdown.
    expect(listenerCounts()).toEqual(before);
    await pool.close();
    expect(session.browser.isConnected()).toBe(false);
  });

  it('stops waiting for a session whose page never comes and still closes the browser it launched', async () => {
    let launched: Browser | undefined;
    let reportInPool: () => void = () => undefined;
    // The pool reports the launch once it holds the browser: from then on its session waits for a page that never comes.
    const browserInPool = new Promise<void>((resolve) => (reportInPool = resolve));
    pool = createWarmBrowsers(TEST_BROWSER_PATH, {
      launch: launchWithPagesThatNeverCome((browser) => (launched = browser)),
      report: async (_deviceId, launchWorked) => {
        if (launchWorked) reportInPool();
      },
      preparingGraceMs: 200,
    });
    pool.warm('browser-1');
    await browserInPool;
    await pool.close();
    expect(launched?.isConnected()).toBe(false);
  });

  it('settles once the probe under way has reported its launch', async () => {
    let failLaunch: () => void = () => undefined;
    const launchMayFail = new Promise<void>((resolve) => (failLaunch = resolve));
    const reports: boolean[] = [];
    pool = createWarmBrowsers(TEST_BROWSER_PATH, {
      launch: async () => {
        await launchMayFail;
        throw new Error('not a browser');
      },
      report: async (_deviceId, launched) => {
        reports.push(launched);
      },
    });
    void pool.probe('browser-1');
    const settled = pool.settled();
    failLaunch();
    await settled;
    expect(reports).toEqual([false]);
  });

  it('closes a browser whose launch ends after close', async () => {
    let finishLaunch: () => void = () => undefined;
    const launchMayEnd = new Promise<void>((resolve) => (finishLaunch = resolve));
    let launched: Browser | undefined;
    pool = createWarmBrowsers(TEST_BROWSER_PATH, {
      launch: async (options) => {
        await launchMayEnd;
        launched = await chromium.launch(options);
        return launched;
      },
      preparingGraceMs: 0,
    });
    const acquired = pool.acquire('browser-1');
    await pool.close();
    finishLaunch();
    await expect(acquired).rejects.toThrow('The browser pool is closed');
    expect(launched?.isConnected()).toBe(false);
  });
});
