import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DISPLAY_TOKEN_MESSAGES, DISPLAY_TOKEN_PREFIX, PROJECT_MESSAGES } from '../../src/shared/contracts/custom-dashboard';
import { CUSTOM_DASHBOARD_TITLE, LEADERSHIP_DASHBOARD_TITLE, REPORT_FORM_FIELDS, reportSavedResponseSchema } from '../../src/shared/contracts/dashboards';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from '../../src/shared/demo-collections';
import { endpoints } from '../../src/shared/endpoints';
import { dailySchedule } from '../../src/server/testing/runFixtures';
import { defaultTimeFrame } from '../../src/lib/time-frame';
import { PlatformApi } from './api';
import { ARTIFACTS_DIR, chromiumMissing, screenshot } from './harness';
import { chooseOption, pollEvery, TEST_POLL_MS } from './pages';
import { useE2E, useSignedInPages } from './setup';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PROJECT = 'Release 7';
const SCHEDULE = 'Nightly release check';

/**
 * Saves an empty report under `title` (as a manager makes the Custom and Leadership Dashboards) and answers its id. It
 * goes through the API before the browser opens: a page loaded right after a save in the editor can start from a
 * report list persisted before it (see the report).
 */
async function saveReport(api: PlatformApi, title: string): Promise<string> {
  const form = new URLSearchParams({
    [REPORT_FORM_FIELDS.title]: title,
    [REPORT_FORM_FIELDS.settings]: JSON.stringify({ timeFrame: defaultTimeFrame(), testPlans: [] }),
    [REPORT_FORM_FIELDS.elements]: '[]',
  });
  return reportSavedResponseSchema.parse(await (await api.call(endpoints.dashboards.add, { method: 'POST', body: form })).json()).data.id;
}

/** The figure an Overall Result tile shows. */
function tile(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('figure', { name }).locator('.custom-dashboard-tile__value');
}

/** A chart's screen-reader table as rows of cell texts, header row first. */
async function tableOf(scope: Page | Locator, chartName: string): Promise<string[][]> {
  const table = scope.getByRole('table', { name: chartName });
  await table.waitFor({ state: 'attached' });
  return table.locator('tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

/** The dashboard's Export menu button (the collection sidebar has an Export button of its own). */
function exportButton(page: Page): Locator {
  return page.locator('.dashboard-export').getByRole('button', { name: 'Export' });
}

/** Chooses a format on the Export button and answers the download with its bytes (kept in tests/.artifacts). */
async function exportAs(page: Page, format: 'PNG image' | 'PDF document'): Promise<{ download: Download; bytes: Buffer }> {
  await exportButton(page).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
  const path = join(ARTIFACTS_DIR, `custom-dashboard-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { download, bytes: readFileSync(path) };
}

/** Opens the PNG in a page of the browser and answers the size it decodes to. */
async function decodedSize(page: Page, png: Buffer): Promise<{ width: number; height: number }> {
  const viewer = await page.context().newPage();
  try {
    await viewer.setContent(`<img alt="export" src="data:image/png;base64,${png.toString('base64')}">`);
    return await viewer.locator('img').evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
  } finally {
    await viewer.close();
  }
}

// Runs launch Chromium on a loaded machine: give the test minutes.
describe.skipIf(chromiumMissing)('operations and leadership dashboards in Chromium against the real server', { timeout: 420_000 }, () => {
  const e2e = useE2E();
  // The dashboards poll every second, not every 10 s: the test waits for what the server holds, not for a poll.
  const signedInPage = useSignedInPages(e2e, {}, { pollPeriodMs: TEST_POLL_MS });

  it('tracks a project over real runs, exports PNG and PDF, and shows the leadership display by a revocable link without sign-in', async () => {
    const { baseUrl } = e2e.platform;
    const api = await PlatformApi.signIn(baseUrl, e2e.platform.admin);
    const passing = await api.collectionIdByName(DEMO_PASSING_COLLECTION);
    const failing = await api.collectionIdByName(DEMO_FAILING_COLLECTION);
    // A project links schedules too (§5: both selections are required); this one fires tomorrow, after the test.
    const schedule = JSON.stringify(dailySchedule([passing], { name: SCHEDULE }));
    await api.call(endpoints.schedules.save, { method: 'POST', body: schedule });
    const customId = await saveReport(api, CUSTOM_DASHBOARD_TITLE);
    const leadershipId = await saveReport(api, LEADERSHIP_DASHBOARD_TITLE);
    const page = await signedInPage();
    try {

      // A project with a goal, linked to the seeded collections, through the operations dashboard.
      await page.goto(`${baseUrl}/studio/dashboard/operations`);
      const overall = page.getByRole('region', { name: 'Overall Result' });
      await expect.poll(() => tile(overall, 'Collection Executed (Completed)').textContent(), { timeout: 30_000 }).toBe('0');
      const projectSection = page.getByRole('region', { name: 'Project Plan Data' });
      await projectSection.getByRole('textbox', { name: 'New project name' }).fill(PROJECT);
      await projectSection.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText(PROJECT_MESSAGES.created(PROJECT)).waitFor();
      const editor = projectSection.getByRole('form', { name: `Manage project ${PROJECT}` });
      await editor.getByRole('textbox', { name: 'Goal in %' }).fill('80');
      await editor.getByRole('button', { name: /Collections$/ }).click();
      for (const name of [DEMO_PASSING_COLLECTION, DEMO_FAILING_COLLECTION]) await page.getByRole('option', { name, exact: true }).click();
      await page.keyboard.press('Escape');
      await editor.getByRole('button', { name: /Schedules$/ }).click();
      await page.getByRole('option', { name: SCHEDULE, exact: true }).click();
      await page.keyboard.press('Escape');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(PROJECT_MESSAGES.saved(PROJECT)).first().waitFor();

      // Real runs of the linked collections: the tiles and charts follow within a poll or two.
      for (const collectionId of [passing, failing, passing]) await api.waitForRun(await api.trigger(collectionId));
      await chooseOption(page, overall, 'Overall project', PROJECT);
      await expect.poll(() => tile(overall, 'Collection Executed (Completed)').textContent(), { timeout: 40_000 }).toBe('3');
      expect(await tile(overall, 'Pass Rate %').textContent()).toBe('66.7%');
      // The test plan section follows the project chosen in Project Plan Data: the one just made.
      const testPlan = page.getByRole('region', { name: 'Test Plan' });
      await expect
        .poll(async () => (await tableOf(testPlan, 'Passed and failed by collection')).slice(1).map((row) => row.join(' ')).sort(), { timeout: 40_000 })
        .toEqual([`${DEMO_PASSING_COLLECTION} 2 0`, `${DEMO_FAILING_COLLECTION} 0 1`].sort());
      await screenshot(page, 'operations-dashboard');

      // Export: a PNG named with the Custom Dashboard report id, decodable in the browser, and a PDF of the same view.
      const png = await exportAs(page, 'PNG image');
      expect(png.download.suggestedFilename()).toBe(`${customId}.png`);
      expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(png.bytes.length).toBeGreaterThan(20_000);
      const size = await decodedSize(page, png.bytes);
      expect(size.width).toBeGreaterThan(800);
      expect(size.height).toBeGreaterThan(600);
      // The export controls were hidden for the capture only.
      await expect.poll(() => exportButton(page).isVisible()).toBe(true);
      const pdf = await exportAs(page, 'PDF document');
      expect(pdf.download.suggestedFilename()).toBe(`${customId}.pdf`);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.bytes.length).toBeGreaterThan(20_000);
      // The same picture, deflated: not the raw pixels (several MB).
      expect(pdf.bytes.length).toBeLessThan(png.bytes.length * 4);

      // A display link for the leadership dashboard, shown once.
      await page.goto(`${baseUrl}/studio/dashboard/leadership/${leadershipId}`);
      await page.getByRole('button', { name: 'Share on a display' }).click();
      const share = page.getByRole('dialog', { name: 'Share on a display' });
      await share.getByRole('textbox', { name: /Display name/ }).fill('Lobby screen');
      await share.getByRole('button', { name: 'Create link' }).click();
      const link = (await share.getByLabel('Display link Lobby screen', { exact: true }).textContent()) ?? '';
      expect(link).toMatch(new RegExp(`^${baseUrl}/studio/dashboard/leadership\\?dashboardId=${DISPLAY_TOKEN_PREFIX}[\\w-]+&display=wall$`));

      // A fresh browser, nobody signed in: the display shows the organization's figures.
      const wall = await e2e.browser.newContext({ viewport: { width: 1600, height: 1000 } });
      try {
        await pollEvery(wall, TEST_POLL_MS);
        const display = await wall.newPage();
        await display.goto(link);
        const wallOverall = display.getByRole('region', { name: 'Overall Result' });
        await expect.poll(() => tile(wallOverall, 'Collection Executed (Completed)').textContent(), { timeout: 30_000 }).toBe('3');
        expect(await tile(wallOverall, 'Pass Rate %').textContent()).toBe('66.7%');
        await display.getByRole('region', { name: 'Test Plan' }).getByRole('table', { name: 'Passed and failed by collection' }).waitFor({ state: 'attached' });
        expect(display.url()).toContain('/studio/dashboard/leadership');
        expect(await display.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
        expect(await display.getByRole('button', { name: 'Share on a display' }).count()).toBe(0);
        await screenshot(display, 'leadership-display');

        // Revoked: the display's next poll gets 401 and the page says the link is gone, without a sign-in redirect.
        await share.getByRole('button', { name: 'Revoke Lobby screen' }).click();
        await page.getByRole('alertdialog', { name: 'Please confirm..' }).getByRole('button', { name: 'Revoke' }).click();
        await page.getByText(DISPLAY_TOKEN_MESSAGES.revoked).waitFor();
        await display.getByRole('alert').filter({ hasText: DISPLAY_TOKEN_MESSAGES.unknown }).waitFor({ timeout: 40_000 });
        expect(display.url()).toContain('/studio/dashboard/leadership');
        await screenshot(display, 'leadership-display-revoked');
      } finally {
        await wall.close();
      }
    } catch (error) {
      // What the page showed, for a person to look at: the context closes after the test.
      await screenshot(page, 'custom-dashboard-failed');
      throw error;
    }
  });
});
