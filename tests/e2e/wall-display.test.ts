import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OFFLINE_DB_NAME } from '../../src/offline/db';
import { endpoints } from '../../src/shared/endpoints';
import { useDeployableDist } from './deployable-dist';
import { chromiumMissing, screenshot } from './harness';
import { signIn } from './pages';
import { expectNewVersionActive, isSamePage, markPage, registrationState, waitForServiceWorkerControl, waitForWaitingVersion } from './service-worker';
import { useE2E } from './setup';

const WALL_UPDATE_TEXT = 'This wall display applies it once no transfer or change waits to be sent.';
/** Long enough for two 5 s polls of the schedule list. */
const TWO_POLLS_MS = 11_000;

/** Plays the tab being hidden or shown, as the browser does when another tab or window covers it. */
function setVisibility(page: Page, value: 'hidden' | 'visible') {
  return page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, value);
}

/** Requests of the schedule list the page makes from now on. */
function countSchedulePolls(page: Page) {
  const polls = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === endpoints.schedules.list) polls.count += 1;
  });
  return polls;
}

/** Some reads of a stuck page never answer: each diagnostic read gets this long. */
const DIAGNOSTIC_READ_MS = 5_000;

function readWithin<T>(read: Promise<T>): Promise<T | string> {
  const silence = new Promise<string>((resolve) => setTimeout(() => resolve(`no answer within ${DIAGNOSTIC_READ_MS} ms`), DIAGNOSTIC_READ_MS));
  return Promise.race([read, silence]);
}

/**
 * What a reload that never came leaves to look at: the worker's state, what the offline queues hold and what the page
 * says. Each read is bounded, so a stuck page still yields this message instead of the test's own timeout.
 */
async function updateDiagnostics(page: Page) {
  const queues = await readWithin(
    page.evaluate(
      (name) =>
        new Promise<unknown>((resolve) => {
          const opened = indexedDB.open(name);
          opened.onerror = () => resolve(`cannot open ${name}`);
          opened.onblocked = () => resolve(`opening ${name} is blocked by another connection`);
          opened.onsuccess = () => {
            const transaction = opened.result.transaction(['uploads', 'downloads', 'outbox'], 'readonly');
            const read = (store: string) =>
              new Promise<unknown>((done) => {
                const all = transaction.objectStore(store).getAll();
                all.onsuccess = () => done((all.result as Array<{ status?: string; state?: string }>).map((item) => item.status ?? item.state));
              });
            void Promise.all(['uploads', 'downloads', 'outbox'].map(read)).then(([uploads, downloads, outbox]) => resolve({ uploads, downloads, outbox }));
          };
        }),
      OFFLINE_DB_NAME,
    ),
  );
  const controlled = await readWithin(page.evaluate(() => navigator.serviceWorker.controller !== null));
  const statuses = await readWithin(page.getByRole('status').allInnerTexts());
  return { registration: await readWithin(registrationState(page)), controlled, queues, statuses, url: page.url() };
}

describe.skipIf(chromiumMissing)('a wall display', () => {
  const dist = useDeployableDist();
  const e2e = useE2E(dist.serverOptions);

  // It took 64 s within a full e2e stage and passed the 90 s default by too little: once it ran out (2 CPUs, 2 files at a time).
  it('polls while hidden, keeps the screen awake, and applies a new version by itself once its upload queue is empty', { timeout: 240_000 }, async () => {
    const { baseUrl, admin } = e2e.platform;
    const context = await e2e.browser.newContext();
    // Headless Chromium has no screen to keep awake: a stand-in counts the lock requests.
    await context.addInitScript(() => {
      const wakeLock = { requests: 0 };
      Object.assign(window, { wakeLockRequests: wakeLock });
      Object.defineProperty(navigator, 'wakeLock', {
        configurable: true,
        value: {
          request: async () => {
            wakeLock.requests += 1;
            return { release: async () => undefined };
          },
        },
      });
    });
    const page = await context.newPage();
    const wakeLockRequests = () => page.evaluate(() => (window as unknown as { wakeLockRequests: { requests: number } }).wakeLockRequests.requests);
    await signIn(page, baseUrl, admin);
    await page.goto(`${baseUrl}/studio/control-room?display=wall`);
    await waitForServiceWorkerControl(page);
    const badge = page.getByRole('group', { name: 'Wall display' });
    await badge.waitFor();
    await page.getByText(/^updated \d+ s ago$/).first().waitFor();
    await expect.poll(wakeLockRequests).toBeGreaterThanOrEqual(1);

    // Hidden, the wall display keeps polling; shown again, it takes the wake lock again.
    const polls = countSchedulePolls(page);
    const locksBefore = await wakeLockRequests();
    await setVisibility(page, 'hidden');
    await expect.poll(() => polls.count, { timeout: TWO_POLLS_MS * 6 }).toBeGreaterThanOrEqual(2);
    await setVisibility(page, 'visible');
    await expect.poll(wakeLockRequests).toBe(locksBefore + 1);

    // An import is on its way (its upload held by the "network"), then a new version is deployed.
    let releaseUpload: () => void = () => undefined;
    const uploadHeld = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    await context.route(`**${endpoints.importExport.importExport}*`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await uploadHeld;
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Collection Import Failed! not a collection' }) });
    });
    const uploadSent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes(endpoints.importExport.importExport));
    await page.setInputFiles('#collection-import-input', { name: 'Held.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('not a collection') });
    await uploadSent;

    dist.deployNewVersion();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await waitForWaitingVersion(page, WALL_UPDATE_TEXT);
    await screenshot(page, 'wall-display-update-waiting');

    // While the upload is in flight, the running page stays.
    await markPage(page);
    await page.waitForTimeout(3_000);
    expect(await isSamePage(page)).toBe(true);

    // The upload ends (refused: a failed item no longer waits): the queue is empty and the page moves to the new version.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    releaseUpload();
    await reloaded.catch(async (error: unknown) => {
      throw new Error(`The wall display did not reload: ${JSON.stringify(await updateDiagnostics(page))}`, { cause: error });
    });
    await badge.waitFor();
    expect(await isSamePage(page)).toBe(false);
    await expectNewVersionActive(page);

    // Leaving the mode: hidden tabs stop polling again.
    await badge.getByRole('button', { name: 'Leave wall display' }).click();
    await badge.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('display')).toBe(false);
    const ordinaryPolls = countSchedulePolls(page);
    await setVisibility(page, 'hidden');
    await page.waitForTimeout(TWO_POLLS_MS);
    expect(ordinaryPolls.count).toBe(0);
    await context.close();
  });
});
