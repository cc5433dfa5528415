import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/constants';
import { RUN_MESSAGES } from '../../src/shared/contracts/runs';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from '../../src/server/demo/seedDemoCollections';
import { PlatformApi } from './api';
import { chromiumMissing, screenshot } from './harness';
import { useE2E, useSignedInPages } from './setup';

const RESULTS = 'Collection execution details';
const downloadsDir = mkdtempSync(join(tmpdir(), 'ops-e2e-'));

/** Saves the download the click starts and answers its bytes and suggested name. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const started: Promise<Download> = page.waitForEvent('download');
  await click();
  const file = await started;
  const path = join(downloadsDir, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** The share of dark pixels on page 1 of the PDF, rendered in grey by poppler (as a PDF reader would show it). */
function darkShareOfFirstPage(pdfPath: string): number {
  const prefix = join(downloadsDir, 'page');
  execFileSync('pdftoppm', ['-r', '40', '-f', '1', '-l', '1', '-gray', pdfPath, prefix]);
  const pgm = readFileSync(execFileSync('sh', ['-c', `ls ${prefix}*.pgm`]).toString().trim());
  // P5 header: magic, width, height, max value, each followed by one whitespace byte.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no PGM');
  const pixels = pgm.subarray(header[0].length);
  return pixels.filter((value) => value < 128).length / pixels.length;
}

// Runs launch Chromium on a loaded machine: give the test minutes.
describe.skipIf(chromiumMissing)('the Operations Centre in real Chromium against the real server', { timeout: 300_000 }, () => {
  // One browser resource, so a run that holds it keeps the next ones in the queue.
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));
  const signedInPage = useSignedInPages(e2e);
  afterAll(() => rmSync(downloadsDir, { recursive: true, force: true }));

  it('finds the failed demo run, opens its report, exports CSV and PDF, and cancels the whole queue', async () => {
    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const passing = await api.trigger(await api.collectionIdByName(DEMO_PASSING_COLLECTION));
    const failing = await api.trigger(await api.collectionIdByName(DEMO_FAILING_COLLECTION));
    expect((await api.waitForRun(passing)).testStatus).toBe('PASSED');
    expect((await api.waitForRun(failing)).testStatus).toBe('FAILED');

    const page = await signedInPage();
    await page.goto(`${e2e.platform.baseUrl}/studio/operations-center`);
    // The page opens on the last day's failed flows (the form's defaults).
    const results = page.getByRole('grid', { name: RESULTS });
    const failedRun = results.getByRole('button', { name: DEMO_FAILING_COLLECTION });
    await failedRun.waitFor();
    await expect.poll(() => results.getByRole('button', { name: DEMO_PASSING_COLLECTION }).count()).toBe(0);
    await page.getByText('1 total').waitFor();
    await screenshot(page, 'operations-execution-details');

    await failedRun.click();
    const report = page.getByRole('dialog', { name: 'Collection Report' });
    await report.getByText(DEMO_FAILING_COLLECTION).first().waitFor();
    await report.getByRole('button', { name: 'Export HTML' }).waitFor();
    await screenshot(page, 'operations-collection-report');
    await report.getByRole('button', { name: 'Close' }).click();
    await report.waitFor({ state: 'detached' });

    const csv = await download(page, () => page.getByRole('button', { name: `Export CSV of ${RESULTS}` }).click());
    expect(csv.name).toMatch(/\.csv$/);
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('Collection Name');
    expect(lines.filter((line) => line.includes(DEMO_FAILING_COLLECTION))).toHaveLength(1);
    expect(lines.some((line) => line.includes(DEMO_PASSING_COLLECTION))).toBe(false);

    const pdf = await download(page, () => page.getByRole('button', { name: `Export PDF of ${RESULTS}` }).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfPath = join(downloadsDir, pdf.name);
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdfPath, '-']).toString();
    expect(text).toContain(DEMO_FAILING_COLLECTION);
    expect(text).toContain('Page 1 of 1');
    expect(darkShareOfFirstPage(pdfPath)).toBeGreaterThan(0.001);

    // A run that holds the only resource, and two behind it in the queue.
    const blocker = await api.occupyResource(e2e.platform.baseUrl);
    const queued = [await api.trigger(await api.collectionIdByName(DEMO_PASSING_COLLECTION)), await api.trigger(await api.collectionIdByName(DEMO_FAILING_COLLECTION))];

    // The queue polls every 15 s; a reload shows it at once.
    await page.reload();
    const queue = page.getByRole('grid', { name: 'Queued collections' });
    await expect.poll(() => queue.getByRole('row').count(), { timeout: 20_000 }).toBe(3);
    await page.getByRole('button', { name: 'Cancel all' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Please confirm..' });
    await screenshot(page, 'operations-cancel-all');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(RUN_MESSAGES.allQueuedCancelled).first().waitFor();
    for (const statusId of queued) expect((await api.details(statusId)).testStatus).toBe('CANCELLED');
    await queue.getByText(MESSAGES.noData).waitFor();
    await api.cancelRunning(blocker);
  });
});
