import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunDetails } from '../../src/shared/contracts/runs';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from '../../src/server/demo/seedDemoCollections';
import { PlatformApi } from './api';
import { chromiumMissing, screenshot } from './harness';
import { chooseOption } from './pages';
import { useE2E, useSignedInPages } from './setup';

/** Step results of finished runs, counted by result, as their reports list them. */
function stepCountsOf(runs: readonly RunDetails[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const run of runs) {
    for (const testCase of run.testCaseDetails) {
      for (const loop of testCase.testCaseDetailByLoop) {
        for (const step of loop.steps) counts.set(step.result, (counts.get(step.result) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/** A chart's screen-reader table as rows of cell texts, header row first. */
async function tableOf(page: Page, chartName: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: chartName });
  await table.waitFor({ state: 'attached' });
  return table.locator('tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

/** Sums each series column of a category chart's table (the first column names the day). */
function columnTotals(rows: string[][]): Map<string, number> {
  const [headers = [], ...body] = rows;
  return new Map(headers.slice(1).map((header, index) => [header, body.reduce((sum, row) => sum + Number(row[index + 1] ?? 0), 0)]));
}

async function addElement(page: Page, type: string, title: string, configure: (editor: Locator) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: `Add ${type} element` }).click();
  const editor = page.getByRole('region', { name: 'New element' });
  await editor.getByRole('textbox', { name: 'Element title' }).fill(title);
  await configure(editor);
  await editor.getByRole('button', { name: 'Save element' }).click();
  await editor.waitFor({ state: 'detached' });
}

// Runs launch Chromium on a loaded machine: give the test minutes.
describe.skipIf(chromiumMissing)('dashboards in Chromium against the real server', { timeout: 300_000 }, () => {
  const e2e = useE2E();
  const signedInPage = useSignedInPages(e2e);

  it('builds a report of a bar chart and a pie chart over real runs on Last 7 Days, saves, publishes and shows the real counts', async () => {
    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const passing = await api.collectionIdByName(DEMO_PASSING_COLLECTION);
    const failing = await api.collectionIdByName(DEMO_FAILING_COLLECTION);
    const runs: RunDetails[] = [];
    for (const collectionId of [passing, failing, passing]) runs.push(await api.waitForRun(await api.trigger(collectionId)));
    const runResults = new Map<string, number>();
    for (const run of runs) runResults.set(run.testStatus, (runResults.get(run.testStatus) ?? 0) + 1);
    expect(runResults).toEqual(new Map([['PASSED', 2], ['FAILED', 1]]));
    const stepCounts = stepCountsOf(runs);

    const page = await signedInPage();
    await page.goto(`${e2e.platform.baseUrl}/studio/dashboards-edit/BLANK`);
    await page.getByRole('textbox', { name: 'Report title' }).fill('Release health');
    await chooseOption(page, page.locator('main'), 'Time frame', 'Last 7 Days');
    await addElement(page, 'Bar', 'Steps by result', async (editor) => {
      await chooseOption(page, editor, 'Group by', 'Result');
    });
    await addElement(page, 'Pie', 'Runs by result', async (editor) => {
      // react-aria keeps radio and checkbox inputs visually hidden: a user clicks their labels.
      await editor.locator('label', { hasText: 'Analytics Data' }).click();
      // A new pie shows the result alone, so its slices are the runs' results without unticking anything.
      const shown = editor.getByRole('group', { name: 'Attributes to show' }).getByRole('checkbox', { checked: true });
      await shown.first().waitFor();
      expect(await Promise.all((await shown.all()).map((box) => box.getAttribute('value')))).toEqual(['result']);
    });
    await screenshot(page, 'dashboard-editor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/studio\/dashboards-edit\/(?!BLANK)[^/]+$/);
    const reportId = page.url().split('/').at(-1) ?? '';

    const [published] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Publish' }).click()]);
    await published.waitForURL(`**/studio/dashboards/${reportId}`);
    await published.getByRole('heading', { name: 'Release health' }).waitFor();

    const bars = columnTotals(await tableOf(published, 'Steps by result'));
    expect(bars).toEqual(stepCounts);
    const pie = await tableOf(published, 'Runs by result');
    expect(new Map(pie.slice(1).map(([name = '', value = '']) => [name, Number(value)]))).toEqual(runResults);
    await published.setViewportSize({ width: 1440, height: 900 });
    await screenshot(published, 'dashboard-published');

    // Publish's window has no history: the view leads back to the report list itself.
    await published.getByRole('navigation', { name: 'Dashboards' }).getByRole('link', { name: /All dashboards/ }).click();
    await published.waitForURL('**/studio/dashboards');
    await published.getByRole('link', { name: 'View Release health' }).waitFor();
  });
});
