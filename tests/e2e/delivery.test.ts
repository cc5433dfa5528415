import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { PREFETCH_META_NAME } from '../../src/lib/prefetch';
import { endpoints } from '../../src/shared/endpoints';
import { KB, LOGIN_JS_WIRE_BUDGET_KB, measureLoginWire, measurePrecacheWire, PRECACHE_WIRE_BUDGET_KB } from '../bench/wire';
import { chromiumMissing, screenshot, WITHOUT_BROWSER_POOL } from './harness';
import { openLogin, settingsButton, submitLogin } from './pages';
import { useE2E } from './setup';

interface CdpResponse {
  requestId: string;
  type?: string;
  response: { url: string; headers: Record<string, string>; fromDiskCache?: boolean; fromPrefetchCache?: boolean };
}

interface SeenResponse {
  url: string;
  type: string;
  encoding: string | undefined;
  fromCache: boolean;
}

/** Every response the page gets, as Chromium's network layer reports it (CDP), in order. */
async function recordResponses(cdp: CDPSession): Promise<SeenResponse[]> {
  const seen: SeenResponse[] = [];
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event: { requestId: string }) => servedFromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event: CdpResponse) => {
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    seen.push({
      url: new URL(event.response.url).pathname,
      type: event.type ?? 'Other',
      encoding,
      fromCache: servedFromCache.has(event.requestId) || Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
    });
  });
  await cdp.send('Network.enable');
  return seen;
}

const signedInAppFiles = (page: Page) =>
  page.evaluate((name) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(/\s+/).filter(Boolean) ?? [], PREFETCH_META_NAME);

describe.skipIf(chromiumMissing)('what crosses the wire, in Chromium', () => {
  const e2e = useE2E(() => ({ env: WITHOUT_BROWSER_POOL }));
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function workerFreePage(): Promise<{ page: Page; responses: SeenResponse[] }> {
    // No service worker: its precache would serve the files and hide what the page itself fetches.
    context = await e2e.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const responses = await recordResponses(await context.newCDPSession(page));
    return { page, responses };
  }

  it('sends the sign-in page its scripts and styles compressed, and none of the signed-in app', async () => {
    const { page, responses } = await workerFreePage();
    await openLogin(page, e2e.platform.baseUrl);
    await page.waitForLoadState('networkidle');
    const assets = responses.filter((response) => response.type === 'Script' || response.type === 'Stylesheet');
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((asset) => asset.encoding !== 'br')).toEqual([]);

    const signedInApp = new Set(await signedInAppFiles(page));
    expect(signedInApp.size).toBeGreaterThan(5);
    expect(assets.filter((asset) => signedInApp.has(asset.url))).toEqual([]);
    // The offline layer (Dexie and the queues) is among the files the sign-in page leaves for later.
    expect([...signedInApp].some((file) => file.includes('offline-queues'))).toBe(true);
    await screenshot(page, 'delivery-login');
  });

  // A build's bytes are deterministic, so the budgets of `npm run bench` (login-js-wire, precache-wire) hold here too.
  it(`sends the sign-in page at most ${LOGIN_JS_WIRE_BUDGET_KB} KB of scripts before its form is usable`, async () => {
    const login = await measureLoginWire(e2e.browser, e2e.platform.baseUrl);
    expect(login.jsBytes / KB).toBeLessThanOrEqual(LOGIN_JS_WIRE_BUDGET_KB);
  });

  it(`installs the service worker with at most ${PRECACHE_WIRE_BUDGET_KB} KB on the wire`, async () => {
    const precache = await measurePrecacheWire(e2e.browser, e2e.platform.baseUrl);
    expect(precache.bytes / KB).toBeLessThanOrEqual(PRECACHE_WIRE_BUDGET_KB);
  });

  it('prefetches the signed-in app while idle, so signing in fetches none of it again', async () => {
    const { page, responses } = await workerFreePage();
    await openLogin(page, e2e.platform.baseUrl);
    const signedInApp = new Set(await signedInAppFiles(page));
    // Chromium reports a prefetch as a request of type Other.
    const prefetched = () => new Set(responses.filter((response) => response.type === 'Other' && signedInApp.has(response.url)).map((response) => response.url));
    await expect.poll(prefetched, { timeout: 15_000 }).toEqual(signedInApp);

    const beforeSignIn = responses.length;
    await submitLogin(page, e2e.platform.admin);
    await settingsButton(page).waitFor();
    const afterSignIn = responses.slice(beforeSignIn).filter((response) => signedInApp.has(response.url));
    expect(afterSignIn.length).toBeGreaterThan(0);
    expect(afterSignIn.filter((response) => !response.fromCache)).toEqual([]);
  });

  it('receives API answers over 1 KB compressed', async () => {
    const { page, responses } = await workerFreePage();
    await openLogin(page, e2e.platform.baseUrl);
    const status = await page.evaluate(async (path) => (await fetch(path)).status, endpoints.openApi);
    expect(status).toBe(200);
    await expect.poll(() => responses.find((response) => response.url === endpoints.openApi)?.encoding).toBe('br');
  });
});
