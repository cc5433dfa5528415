import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';
import { withDeadline } from '../../../shared/deadline';
import { endpointOf, preferredAddress, serverNameOf, type OutboundPolicy } from '../../outbound/policy';
import { CHROMIUM_ARGS } from './browserExecutor';

/** A browser with a fresh, unused context and page: what one run gets. */
export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** A browser on another machine, reached through its browser server (resources/remoteBrowsers.ts). */
  remote?: boolean;
}

/**
 * The address a ws:// endpoint is reached at once the outbound policy checked it: its host replaced by a checked
 * address, so a name that resolves elsewhere by then is not followed (a wss:// endpoint keeps its name, for TLS).
 */
async function checkedEndpoint(wsEndpoint: string, policy: OutboundPolicy): Promise<string> {
  const url = new URL(wsEndpoint);
  const { host, port } = endpointOf(url);
  const target = await policy.check(host, port);
  if (url.protocol !== 'ws:' || serverNameOf(target) === undefined) return wsEndpoint;
  const address = preferredAddress(target);
  url.hostname = address.includes(':') ? `[${address}]` : address;
  return url.toString();
}

/**
 * A session on the browser server at `wsEndpoint`, a host the outbound policy allows: closing `browser` ends the
 * connection and the contexts it made.
 */
export async function connectRemoteBrowser(wsEndpoint: string, policy: OutboundPolicy): Promise<BrowserSession> {
  const browser = await chromium.connect(await checkedEndpoint(wsEndpoint, policy), { timeout: REMOTE_CONNECT_TIMEOUT_MS });
  try {
    const context = await browser.newContext();
    return { browser, context, page: await context.newPage(), remote: true };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

const REMOTE_CONNECT_TIMEOUT_MS = 15_000;

/**
 * One started Chromium per browser resource, with the next run's fresh context and page opened ahead of time, so a
 * run starts in milliseconds instead of a launch (~1 s) and a page creation (~0.3 s). Runs never share a context;
 * a stopped run's browser is closed (not reused) and a new one is prepared in the background.
 */
export interface WarmBrowsers {
  /** The resource's prepared session, or a fresh one when it has none (or its browser died). */
  acquire(deviceId: string): Promise<BrowserSession>;
  /** After a run: prepares the next session, in the same browser when it is still connected. */
  release(deviceId: string, browser: Browser): void;
  /** Prepares a session in the background; a failure only means the next run launches its own. */
  warm(deviceId: string): void;
  /** Whether the resource can run now: its prepared session is alive, or a new launch works. Reported like any launch. */
  probe(deviceId: string): Promise<void>;
  /** Settles once every launch and probe under way has reported. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Told the outcome of every Chromium launch for a resource (and of a probe that found a live browser). */
export type LaunchReport = (deviceId: string, launched: boolean) => Promise<void>;

/**
 * How long close() waits for sessions still being prepared before it closes every browser launched: a page Chromium
 * never answers for (seen once, after the browser had gone) must not keep a stopping server up.
 */
const PREPARING_GRACE_MS = 10_000;

/**
 * The server closes its browsers itself when it stops. playwright-core's own SIGINT, SIGTERM and SIGHUP handlers
 * (on by default) closed them at the same moment, under a session still being prepared: its page never came, and
 * the server's SIGTERM waited for it for ever (main.test, under two CPU burners).
 */
const SIGNALS_LEFT_TO_THE_SERVER: LaunchOptions = { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false };

export interface WarmBrowsersOptions {
  report?: LaunchReport;
  /** Starts Chromium: playwright-core's launch unless a test wraps it. */
  launch?: (options: LaunchOptions) => Promise<Browser>;
  preparingGraceMs?: number;
}

const noop = (): void => undefined;

const isLive = (session: BrowserSession | undefined): boolean => Boolean(session?.browser.isConnected() && !session.page.isClosed());

export function createWarmBrowsers(executablePath: string, options: WarmBrowsersOptions = {}): WarmBrowsers {
  const { report = async () => undefined, launch: launchChromium = (launchOptions) => chromium.launch(launchOptions), preparingGraceMs = PREPARING_GRACE_MS } = options;
  const idle = new Map<string, Promise<BrowserSession | undefined>>();
  const pending = new Set<Promise<unknown>>();
  /** Every browser started here and still connected: close() closes them all, whatever holds them. */
  const launched = new Set<Browser>();
  let closed = false;

  async function launch(deviceId: string): Promise<Browser> {
    try {
      const browser = await launchChromium({ executablePath, args: CHROMIUM_ARGS, headless: true, ...SIGNALS_LEFT_TO_THE_SERVER });
      // Counted before the closed check: a close() still waiting out its grace then closes this browser and waits for it.
      launched.add(browser);
      browser.on('disconnected', () => launched.delete(browser));
      if (closed) {
        // A launch that ended after close() began: close() may be gone already, and nothing else would close it.
        await browser.close().catch(noop);
        throw new Error('The browser pool is closed');
      }
      await report(deviceId, true);
      return browser;
    } catch (error) {
      await report(deviceId, false);
      throw error;
    }
  }

  async function prepare(deviceId: string, reuse?: Browser): Promise<BrowserSession> {
    const browser = reuse?.isConnected() ? reuse : await launch(deviceId);
    const context = await browser.newContext();
    return { browser, context, page: await context.newPage() };
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise);
    void promise.then(
      () => pending.delete(promise),
      () => pending.delete(promise),
    );
    return promise;
  }

  async function probe(deviceId: string): Promise<void> {
    const waiting = idle.get(deviceId);
    const session = await waiting;
    if (isLive(session)) return report(deviceId, true);
    if (idle.get(deviceId) === waiting) idle.delete(deviceId);
    void session?.browser.close().catch(noop);
    warm(deviceId);
    await idle.get(deviceId);
  }

  function warm(deviceId: string, reuse?: Browser): void {
    if (closed || idle.has(deviceId)) {
      void reuse?.close().catch(noop);
      return;
    }
    idle.set(deviceId, track(prepare(deviceId, reuse).catch(() => undefined)));
  }

  return {
    async acquire(deviceId) {
      const waiting = idle.get(deviceId);
      idle.delete(deviceId);
      const session = await waiting;
      if (session && isLive(session)) return session;
      void session?.browser.close().catch(noop);
      return track(prepare(deviceId));
    },
    probe: (deviceId) => track(probe(deviceId)),
    async settled() {
      await Promise.allSettled([...pending]);
    },
    release(deviceId, browser) {
      warm(deviceId, browser.isConnected() ? browser : undefined);
    },
    warm: (deviceId) => warm(deviceId),
    async close() {
      closed = true;
      // Past the grace, close() goes on without the sessions still being prepared: their browsers are closed below.
      await withDeadline(Promise.allSettled([...pending]), preparingGraceMs, () => new Error('Sessions still being prepared')).catch(noop);
      idle.clear();
      await Promise.all([...launched].map((browser) => browser.close().catch(noop)));
    },
  };
}
