import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { endpoints } from '../../src/shared/endpoints';
import { chromiumMissing, ROOT_DIR, screenshot, WITHOUT_BROWSER_POOL } from './harness';
import { openWelcome, signIn, waitForHeaderUser, welcomeHeading } from './pages';
import { registrationState, waitForServiceWorkerControl } from './service-worker';
import { useE2E } from './setup';

const CONFIG_TIMEOUT_MS = 3_000;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

const fetchFromPage = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    try {
      const response = await fetch(url);
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
    } catch (error) {
      return { status: 0, contentType: '', body: String(error) };
    }
  }, path);

describe.skipIf(chromiumMissing)('the installable, offline-capable shell in Chromium', () => {
  const e2e = useE2E(() => ({ env: WITHOUT_BROWSER_POOL }));
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await e2e.browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it('serves a valid manifest with real icons, linked from the page, and the app is installable', async () => {
    const { baseUrl } = e2e.platform;
    const response = await fetch(`${baseUrl}/studio/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/(manifest\+)?json/);
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ name: 'Studio Test Automation', short_name: 'Studio', start_url: '/studio/', scope: '/studio/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, `${baseUrl}/studio/`));
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer())), icon.src).toBe(icon.sizes);
    }

    await page.goto(`${baseUrl}/studio/login`);
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.url).toBe(`${baseUrl}/studio/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is an incognito profile, which Chromium never installs from; every other check must pass.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  });

  it('reloads the signed-in shell from the cache with the network cut, config included', async () => {
    const { baseUrl, admin } = e2e.platform;
    await signIn(page, baseUrl, admin);
    await openWelcome(page, baseUrl);
    await waitForServiceWorkerControl(page);
    expect((await registrationState(page)).scope).toBe(`${baseUrl}/studio/`);
    // A controlled load fetches the config through the worker, which keeps the last good copy.
    await page.reload();
    await welcomeHeading(page).waitFor();

    await context.setOffline(true);
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker()).toBe(true);
    await welcomeHeading(page).waitFor();
    // The shell keeps the last known user on screen without the network.
    await waitForHeaderUser(page);
    await screenshot(page, 'offline-reload');

    const config = await fetchFromPage(page, `${endpoints.config}?v=${Date.now()}`);
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body)).toEqual(JSON.parse(readFileSync(join(ROOT_DIR, 'public', 'assets', 'studio_config.json'), 'utf8')));
    // The network really is cut, and the API was never cached.
    expect((await fetchFromPage(page, endpoints.health.check)).status).toBe(0);
    const cachedUrls = await page.evaluate(async () => {
      const names = await caches.keys();
      const requests = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return requests.flat().map((request) => request.url);
    });
    expect(cachedUrls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    // One entry for the config, whatever cache-buster the loads used.
    expect(cachedUrls.filter((url) => url.includes('studio_config.json'))).toEqual([`${baseUrl}${endpoints.config}`]);

    const deepLink = await page.goto(`${baseUrl}/studio/health-status`);
    expect(deepLink?.fromServiceWorker()).toBe(true);
    expect(await page.locator('#root').count()).toBe(1);
  });

  it('fetches the config network-first, with a 3 s timeout and the last good copy as the fallback', async () => {
    const { baseUrl } = e2e.platform;
    await page.goto(`${baseUrl}/studio/login`);
    await waitForServiceWorkerControl(page);
    const good = await fetchFromPage(page, `${endpoints.config}?v=1`);
    expect(good.status).toBe(200);

    // The worker's own requests pass through context routes, so the "network" can be made slow or broken.
    const configRoute = `**${endpoints.config}*`;
    // Far beyond the worker's timeout, so that a busy machine cannot blur which of the two ended the wait.
    const NETWORK_ANSWERS_AFTER_MS = CONFIG_TIMEOUT_MS * 10;
    await context.route(configRoute, async (route) => {
      await new Promise((resolveDelay) => setTimeout(resolveDelay, NETWORK_ANSWERS_AFTER_MS));
      // Aborted, not answered, so that a late answer cannot refresh the cached copy under the next check.
      await route.abort().catch(() => undefined);
    });
    const startedAt = Date.now();
    const slow = await fetchFromPage(page, `${endpoints.config}?v=2`);
    const waited = Date.now() - startedAt;
    expect(slow.body).toBe(good.body);
    expect(waited).toBeGreaterThanOrEqual(CONFIG_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(NETWORK_ANSWERS_AFTER_MS);

    await context.unroute(configRoute);
    await context.route(configRoute, (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<html>Server error</html>' }));
    const broken = await fetchFromPage(page, `${endpoints.config}?v=3`);
    expect(broken).toMatchObject({ status: 200, body: good.body });
  });

  it('never answers /api paths or missing files with the shell', async () => {
    const { baseUrl } = e2e.platform;
    await page.goto(`${baseUrl}/studio/login`);
    await waitForServiceWorkerControl(page);

    const unknownApi = await fetchFromPage(page, '/api/no-such-endpoint');
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.contentType).toContain('application/json');
    const health = await fetchFromPage(page, endpoints.health.check);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'UP' });

    const apiNavigation = await page.goto(`${baseUrl}${endpoints.health.check}`);
    expect(apiNavigation?.fromServiceWorker()).toBe(false);
    expect(apiNavigation?.headers()['content-type']).toContain('application/json');

    await page.goto(`${baseUrl}/studio/login`);
    for (const path of ['/studio/no-such-file.js', '/studio/assets/no-such-chunk']) {
      const missing = await page.goto(`${baseUrl}${path}`);
      expect(missing?.status(), path).toBe(404);
      expect(missing?.fromServiceWorker(), path).toBe(false);
    }

    await page.goto(`${baseUrl}/studio/login`);
    await context.setOffline(true);
    await expect(page.goto(`${baseUrl}/studio/no-such-file.js`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  });
});
