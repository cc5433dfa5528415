import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCollection, PlatformApi, waitForGatewayAgentZip } from './api';
import { axeViolations, describeViolations } from './axe';
import { chromiumMissing, screenshot } from './harness';
import { chooseOption, openStudio, studioToolbar } from './pages';
import { useE2E, useSignedInPages } from './setup';

const COLLECTION = 'Shop heading';

/**
 * Issue 29, history and classification: a flow that fails, passes and fails again on the same collection version
 * (the page it checks changes between runs, the collection does not) runs through the real queue; its report shows the
 * flow's history strip and calls the failure flaky, the strip's marks open the earlier runs' reports by keyboard, and
 * the Studio shows the same strips.
 */
describe.skipIf(chromiumMissing)('flaky flows: history strip and failure class, in real Chromium against the real server', { timeout: 240_000 }, () => {
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));
  // bypassCSP: axe-core goes in as a script tag, which the app's Content-Security-Policy refuses.
  const signedInPage = useSignedInPages(e2e, { viewport: { width: 1440, height: 900 }, bypassCSP: true });

  /** The page the collection checks: its heading is what the test sets before each run. */
  let heading = 'Broken';
  let shop: Server;
  let shopUrl = '';
  beforeAll(async () => {
    shop = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Shop</title><p>Shop</p><h1>${heading}</h1>`);
    });
    await new Promise<void>((resolveListen) => shop.listen(0, '127.0.0.1', resolveListen));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolveClose) => shop.close(() => resolveClose())));

  it('marks each run in the strip, calls the failure flaky, and opens an earlier run from the strip with the keyboard', async () => {
    await waitForGatewayAgentZip(e2e.platform);
    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const collectionId = await api.saveCollection(
      browserCollection(COLLECTION, [
        { testCaseId: 'stable', steps: [{ stepId: 'open-shop', action: 'open', value: shopUrl }, { stepId: 'shop-shown', action: 'assertText', target: 'p', value: 'Shop' }] },
        { testCaseId: 'heading', steps: [{ stepId: 'open-shop', action: 'open', value: shopUrl }, { stepId: 'heading-ready', action: 'assertText', target: 'h1', value: 'Ready' }] },
      ]),
    );
    const runWith = async (shown: string, expected: string) => {
      heading = shown;
      const run = await api.waitForRun(await api.trigger(collectionId));
      expect(run.testStatus, JSON.stringify(run.logsList)).toBe(expected);
      return run.statusId;
    };
    const first = await runWith('Broken', 'FAILED');
    await runWith('Ready', 'PASSED');
    const last = await runWith('Broken', 'FAILED');

    const page = await signedInPage();
    // A notification mail's link: the report opens over the page it lands on.
    await page.goto(`${e2e.platform.baseUrl}/studio/?report=${encodeURIComponent(last)}`);
    const report = page.getByRole('dialog', { name: 'Collection Report' });
    const history = report.getByRole('region', { name: 'Flow history' });
    const strip = history.getByRole('group', { name: 'History of heading' });
    const marks = strip.getByRole('link');
    await expect.poll(() => marks.evaluateAll((links) => links.map((link) => link.textContent))).toEqual(['F', 'P', 'F']);
    expect(await marks.nth(0).getAttribute('aria-label')).toMatch(new RegExp(`^Failed, .*, run ${first}$`));
    expect(await marks.nth(2).getAttribute('aria-label')).toMatch(new RegExp(`^Failed, .*, run ${last} \\(this run\\)$`));
    expect(await history.getByRole('group', { name: 'History of stable' }).getByRole('link').evaluateAll((links) => links.map((link) => link.textContent))).toEqual(['P', 'P', 'P']);
    const headingRow = history.getByRole('listitem').filter({ has: page.getByRole('group', { name: 'History of heading' }) });
    await expect.poll(() => headingRow.locator('.failure-class').textContent()).toBe('Flaky — passed 1 time and failed 2 times on this version');
    await screenshot(page, 'flaky-flows-report-1440');
    const reportViolations = await axeViolations(page);
    expect(reportViolations, describeViolations('report', reportViolations)).toEqual([]);

    // The keyboard: one tab stop on the strip (this run's newest mark), arrows along it, Enter opens that run here.
    await report.getByRole('button', { name: 'Export CSV' }).focus();
    await page.keyboard.press('Tab');
    const stableMarks = history.getByRole('group', { name: 'History of stable' }).getByRole('link');
    await expect.poll(() => stableMarks.nth(2).evaluate((mark) => mark === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => marks.nth(2).evaluate((mark) => mark === document.activeElement)).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(() => marks.nth(0).evaluate((mark) => mark === document.activeElement)).toBe(true);
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => tooltip.textContent()).toMatch(new RegExp(`^Failed, .*, run ${first}\\. Opens its report\\.$`));
    await screenshot(page, 'flaky-flows-report-mark-focused');
    await page.keyboard.press('Enter');
    // The first failure, as of its own end, was new: nothing before it.
    await headingRow.getByText('New failure', { exact: true }).waitFor();
    await expect.poll(() => marks.nth(0).getAttribute('aria-current')).toBe('true');

    // The Studio shows the same strips for the open collection.
    await openStudio(page, e2e.platform.baseUrl);
    await chooseOption(page, studioToolbar(page), 'Collection', COLLECTION);
    await studioToolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
    const studioStrip = page.getByRole('region', { name: 'Flow history' }).getByRole('group', { name: 'History of heading' });
    await expect.poll(() => studioStrip.getByRole('link').evaluateAll((links) => links.map((link) => link.textContent))).toEqual(['F', 'P', 'F']);
    await screenshot(page, 'flaky-flows-studio-1440');
    const studioViolations = await axeViolations(page);
    expect(studioViolations, describeViolations('studio', studioViolations)).toEqual([]);
    await studioStrip.getByRole('link').nth(1).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Collection Report' }).getByText('PASSED', { exact: true }).first().waitFor();
  });
});
