import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCollection, PlatformApi } from './api';
import { axeViolations, describeViolations } from './axe';
import { chromiumMissing, screenshot } from './harness';
import { chooseOption, openStudio, studioToolbar } from './pages';
import { useE2E, useSignedInPages } from './setup';

const COLLECTION = 'Warms up';

/**
 * Issue 29, retries: a collection with Retries 1 whose page is not ready on its first request runs through the real
 * queue; the report marks the flow passed on retry 1 and shows both attempts, and the Studio shows the Retries field.
 */
describe.skipIf(chromiumMissing)('retries of a failed flow, in real Chromium against the real server', { timeout: 240_000 }, () => {
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));
  // bypassCSP: axe-core goes in as a script tag, which the app's Content-Security-Policy refuses.
  const signedInPage = useSignedInPages(e2e, { viewport: { width: 1440, height: 900 }, bypassCSP: true });

  let requests = 0;
  let shop: Server;
  let shopUrl = '';
  beforeAll(async () => {
    shop = createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Shop</title><h1>${requests === 1 ? 'Warming up' : 'Ready'}</h1>`);
    });
    await new Promise<void>((resolveListen) => shop.listen(0, '127.0.0.1', resolveListen));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolveClose) => shop.close(() => resolveClose())));

  it('marks the flow passed on retry 1 with both attempts in the report, and shows Retries in the Studio', async () => {
    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const collectionId = await api.saveCollection({
      ...browserCollection(COLLECTION, [
        { testCaseId: 'heading', steps: [{ stepId: 'open-shop', action: 'open', value: shopUrl }, { stepId: 'heading-ready', action: 'assertText', target: 'h1', value: 'Ready', timeoutMs: 500 }] },
      ]),
      retries: 1,
    });
    const run = await api.waitForRun(await api.trigger(collectionId));
    expect(run.testStatus, JSON.stringify(run.logsList)).toBe('PASSED');

    const page = await signedInPage();
    await page.goto(`${e2e.platform.baseUrl}/studio/?report=${encodeURIComponent(run.statusId)}`);
    const report = page.getByRole('dialog', { name: 'Collection Report' });
    const retried = report.getByRole('region', { name: 'Retried flows' });
    await expect.poll(() => retried.textContent()).toContain('heading: Passed on retry 1 (Attempt 1 (failed), Attempt 2 (passed))');
    const table = report.getByRole('grid', { name: 'Flow details' });
    await expect.poll(() => table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('[data-column-id="attempt"]')?.textContent))).toEqual([
      'Attempt 1 (failed)',
      'Attempt 1 (failed)',
      'Attempt 2 (passed)',
      'Attempt 2 (passed)',
    ]);
    await table.getByRole('button', { name: /^Image 1:/ }).waitFor();
    await screenshot(page, 'retries-report-1440');
    const reportViolations = await axeViolations(page);
    expect(reportViolations, describeViolations('report', reportViolations)).toEqual([]);

    await openStudio(page, e2e.platform.baseUrl);
    await chooseOption(page, studioToolbar(page), 'Collection', COLLECTION);
    await studioToolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
    const retries = page.getByRole('button', { name: /Retries$/ });
    await expect.poll(() => retries.textContent()).toMatch(/^1/);
    expect(await page.getByText('Run a failed flow again up to N times').isVisible()).toBe(true);
    // The keyboard: the field opens with Enter and takes a choice with the arrows.
    await retries.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: '3', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => retries.textContent()).toMatch(/^2/);
    await retries.scrollIntoViewIfNeeded();
    await screenshot(page, 'retries-studio-1440');
    const studioViolations = await axeViolations(page);
    expect(studioViolations, describeViolations('studio', studioViolations)).toEqual([]);
  });
});
