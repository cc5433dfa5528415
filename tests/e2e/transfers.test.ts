import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { COLLECTION_EXPORT_STARTED_MESSAGE, COLLECTION_IMPORTED_MESSAGE, EXPORT_IN_PROGRESS_ALERT, importRejectedMessage } from '../../src/shared/contracts/importexport';
import { checkExportIntegrity, decodeCollectionExport, sha256, toHex } from '../../src/shared/importexport/format';
import { buildExportFile, sampleCollection, sampleManifest } from '../support/collection-export';
import { PlatformApi, poll } from './api';
import { chromiumMissing, screenshot, WITHOUT_BROWSER_POOL } from './harness';
import { chooseOption, openStatusSidebar, openWelcome, statusPanel } from './pages';
import { useE2E, useOfflinePages } from './setup';

const MB = 1024 * 1024;
/** The attachment that makes the export large: over 20 MB with the rest of the file. */
const LARGE_ATTACHMENT_BYTES = 20 * MB;
/** Slow enough that three cuts and a reload all land in the middle of the body (about 20 s for the file). */
const THROTTLED_BYTES_PER_SECOND = 1 * MB;
/** The progress (percent) at which the network is cut three times, then the page reloaded. */
const CUT_AT_PERCENT = [15, 35, 55] as const;
const RELOAD_AT_PERCENT = 75;
const OFFLINE_MS = 1_500;
/** Issue 5: the server sends at most this many times the file across all the interrupted requests. */
const BYTES_RATIO_LIMIT = 1.05;

describe.skipIf(chromiumMissing)('collection import and export in Chromium on a network that drops', { timeout: 240_000 }, () => {
  const e2e = useE2E(() => ({ env: WITHOUT_BROWSER_POOL }));
  const pages = useOfflinePages(e2e);
  const adminApi = () => PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);

  /** A signed-in page on the welcome screen, controlled by the service worker (so it also reloads offline). */
  async function signedInPage(): Promise<Page> {
    const page = await pages.signedInPage();
    await openWelcome(page, pages.link.origin);
    return page;
  }

  /** A toast is an alertdialog named by its message. */
  function toastWith(page: Page, text: string): Locator {
    return page.getByRole('alertdialog', { name: text, exact: true });
  }

  /** The export's progress bar in the Export / Download Queue panel. */
  function exportProgress(page: Page, name: string): Locator {
    return statusPanel(page, 'Export / Download Queue').getByRole('progressbar', { name: `Export ${name}` });
  }

  /** Waits until the export's stored progress reaches `percent`, and answers it. */
  async function progressReaches(page: Page, name: string, percent: number): Promise<number> {
    return poll(
      async () => Number((await exportProgress(page, name).getAttribute('aria-valuenow', { timeout: 30_000 })) ?? 0),
      (value) => value >= percent,
      120_000,
      (value) => `the export of ${name} is at ${value} %, waiting for ${percent} %`,
    );
  }

  /** Imports through the sidebar's Import button and the file chooser, as a user picks a .bin. */
  async function importThroughPanel(page: Page, fileName: string, bytes: Uint8Array): Promise<void> {
    const chooser = page.waitForEvent('filechooser');
    await statusPanel(page, 'Collection Import / Export').getByRole('button', { name: 'Import', exact: true }).click();
    await (await chooser).setFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
  }

  it('finishes an export of over 20 MB cut three times and reloaded once, sending little more than the file', async () => {
    const name = 'Large_Export';
    const api = await adminApi();
    const collectionId = await api.importCollection(
      await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: name }) }), [LARGE_ATTACHMENT_BYTES]),
      `${name}.bin`,
    );
    const page = await signedInPage();
    const downloaded = page.waitForEvent('download', { timeout: 200_000 });
    // Awaited below; this keeps a test that fails earlier from also reporting the wait's rejection as unhandled.
    downloaded.catch(() => undefined);
    await openStatusSidebar(page);
    pages.link.setDownstreamRate(THROTTLED_BYTES_PER_SECOND);

    await chooseOption(page, statusPanel(page, 'Collection Import / Export'), 'Collection to export', name);
    await statusPanel(page, 'Collection Import / Export').getByRole('button', { name: 'Export', exact: true }).click();
    await toastWith(page, COLLECTION_EXPORT_STARTED_MESSAGE).waitFor();
    await expect(statusPanel(page, 'Export / Download Queue').getByRole('alert').textContent()).resolves.toBe(EXPORT_IN_PROGRESS_ALERT);

    const interruptedAt: number[] = [];
    for (const [index, percent] of CUT_AT_PERCENT.entries()) {
      await progressReaches(page, name, percent);
      await pages.goOffline();
      await statusPanel(page, 'Export / Download Queue').getByText('Waiting for the network.').waitFor();
      interruptedAt.push(Number(await exportProgress(page, name).getAttribute('aria-valuenow')));
      if (index === 0) await screenshot(page, 'transfers-export-cut');
      await page.waitForTimeout(OFFLINE_MS);
      await pages.goOnline();
    }
    interruptedAt.push(await progressReaches(page, name, RELOAD_AT_PERCENT));
    await page.reload();
    await openStatusSidebar(page);
    // The reloaded page shows the stored progress and goes on from there (the ratio below proves it did not restart).
    const afterReload = Number(await exportProgress(page, name).getAttribute('aria-valuenow'));
    expect(afterReload).toBeGreaterThanOrEqual(RELOAD_AT_PERCENT - 1);
    expect(afterReload).toBeLessThan(100);
    await screenshot(page, 'transfers-export-after-reload');

    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`${name}.bin`);
    const file = new Uint8Array(await readFile(await download.path()));
    pages.link.setDownstreamRate(Number.POSITIVE_INFINITY);
    await statusPanel(page, 'Export / Download Queue').getByText('No export is in progress.').waitFor();
    await screenshot(page, 'transfers-export-saved');

    // Every interruption landed in the middle of the body.
    expect(interruptedAt.filter((percent) => percent <= 0 || percent >= 100)).toEqual([]);
    const stats = await api.transferStats(collectionId);
    expect(file.length).toBe(stats.fileSize);
    expect(file.length).toBeGreaterThanOrEqual(20 * MB);
    const ratio = stats.bytesSent / stats.fileSize;
    console.info(`interrupted export: ${stats.fileSize} bytes, ${stats.requests} requests, ${stats.bytesSent} bytes sent, ratio ${ratio.toFixed(4)}`);
    // At least the first request and one more after each of the three cuts and the reload.
    expect(stats.requests).toBeGreaterThanOrEqual(1 + CUT_AT_PERCENT.length + 1);
    expect(ratio).toBeLessThanOrEqual(BYTES_RATIO_LIMIT);

    // The saved file is whole: its own checksum holds, and it is byte for byte the server's file.
    const integrity = await checkExportIntegrity(file);
    expect(integrity.ok).toBe(true);
    expect(toHex(await sha256(file))).toBe(toHex(await sha256(await api.exportFile(collectionId))));
  });

  it('keeps an import chosen offline in the upload queue across a reload and imports it once the network is back', async () => {
    const name = 'Offline_Import';
    const api = await adminApi();
    const page = await signedInPage();
    await openStatusSidebar(page);
    const before = await api.collectionNames();
    expect(before).not.toContain(name);

    await pages.goOffline();
    await importThroughPanel(page, `${name}.bin`, await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: name }) })));
    const imports = statusPanel(page, 'Collection Import / Export').getByRole('list', { name: 'Imports in progress' });
    await imports.getByRole('progressbar', { name: `Import ${name}` }).waitFor();
    await imports.getByText('Waiting for the network to retry.').waitFor();
    await screenshot(page, 'transfers-import-offline');

    // The queued file survives a reload while still offline (the shell comes from the service worker).
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker()).toBe(true);
    await openStatusSidebar(page);
    await imports.getByRole('progressbar', { name: `Import ${name}` }).waitFor();
    await screenshot(page, 'transfers-import-offline-reloaded');
    expect(await api.collectionNames()).toEqual(before);

    const backOnline = Date.now();
    await pages.goOnline();
    await toastWith(page, COLLECTION_IMPORTED_MESSAGE).waitFor({ timeout: 90_000 });
    console.info(`offline import went through ${Date.now() - backOnline} ms after the network returned`);
    await imports.waitFor({ state: 'detached' });
    expect(await api.collectionNames()).toEqual([...before, name].sort());

    // The app's own collection list shows it too.
    await statusPanel(page, 'Collection Import / Export').getByRole('button', { name: /Collection to export$/ }).click();
    await page.getByRole('option', { name, exact: true }).waitFor();
    await screenshot(page, 'transfers-import-online');
    await page.keyboard.press('Escape');
  });

  it("rejects a corrupt .bin with 'Collection Import Failed!' and its reason, and leaves the collection list as it was", async () => {
    const api = await adminApi();
    const page = await signedInPage();
    await openStatusSidebar(page);
    const before = await api.collectionNames();

    const corrupt = await buildExportFile(sampleManifest({ collection: sampleCollection({ testSuiteName: 'Corrupt_Import' }) }), [4096]);
    const last = corrupt.length - 1;
    corrupt[last] = (corrupt[last] ?? 0) ^ 0xff;
    const decoded = await decodeCollectionExport(corrupt);
    if (decoded.ok) throw new Error('The damaged file still decodes');
    await importThroughPanel(page, 'Corrupt_Import.bin', corrupt);

    await toastWith(page, importRejectedMessage(decoded.message)).waitFor();
    await screenshot(page, 'transfers-import-corrupt');
    await statusPanel(page, 'Collection Import / Export').getByRole('list', { name: 'Imports in progress' }).waitFor({ state: 'detached' });
    expect(await api.collectionNames()).toEqual(before);
  });
});
