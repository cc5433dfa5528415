import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSING_COLLECTION } from '../../src/shared/demo-collections';
import { axeViolations } from './axe';
import { chromiumMissing, screenshot } from './harness';
import { chooseOption, openStatusSidebar, openStudio, signIn, statusPanel, studioToolbar, welcomeHeading } from './pages';
import { endpoints } from '../../src/shared/endpoints';
import { useE2E } from './setup';

/** The budget: from the signed-in landing page to the open report of a first run. */
const MAX_CLICKS_TO_REPORT = 4;
/**
 * The 1 s: Currently Running asks for the running runs this soon after the trigger answers, rather than at the
 * next 5 s poll. Measured between the two requests in the browser's own resource timing, so a loaded machine's slow
 * run start and rendering do not count; the panel then has until the run ends to show it.
 */
const RUNNING_READ_AFTER_TRIGGER_MS = 1_000;

/** How long after the trigger's answer ended the page started its next read of the running runs (resource timing). */
const runningReadGapMs = (page: Page) =>
  page.evaluate(
    ({ trigger, running }) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const triggered = entries.filter((entry) => new URL(entry.name).pathname === trigger).at(-1);
      const read = triggered && entries.find((entry) => new URL(entry.name).pathname === running && entry.startTime >= triggered.responseEnd);
      return triggered && read ? read.startTime - triggered.responseEnd : null;
    },
    { trigger: endpoints.runs.trigger, running: endpoints.runs.runningTabData },
  );

/** Whether the page scrolls sideways (the document wider than the window). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Step texts (name, target, value) whose text does not fit their box: cut off or hidden behind a scroll. */
const cutStepTexts = (editor: Locator) =>
  editor.locator('textarea').evaluateAll((areas) =>
    areas.filter((area) => area.scrollWidth > area.clientWidth + 1 || area.scrollHeight > area.clientHeight + 1).map((area) => (area as HTMLTextAreaElement).value),
  );

describe.skipIf(chromiumMissing)("a newcomer's first ten minutes in real Chromium on a fresh install", { timeout: 240_000 }, () => {
  const e2e = useE2E();

  it('signs in, follows Start here to a first PASSED run and opens its report within 4 clicks; axe finds nothing on the landing page and the Studio', async () => {
    // bypassCSP: axe-core goes in as a script tag, which the app's Content-Security-Policy (script-src 'self') refuses.
    const context = await e2e.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 }, bypassCSP: true });
    try {
      const page = await context.newPage();
      await signIn(page, e2e.platform.baseUrl, e2e.platform.admin);
      let clicks = 0;
      const click = async (target: Locator) => {
        clicks += 1;
        await target.click();
      };

      // A fresh install: the welcome text and Start here, nothing run yet.
      await welcomeHeading(page).waitFor();
      const startHere = page.getByRole('region', { name: 'Start here' });
      await startHere.waitFor();
      await page.getByRole('region', { name: 'Last results' }).getByText('No collection has completed yet.').waitFor();
      await screenshot(page, 'first-run-landing-empty');
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.getByRole('banner').getByRole('button', { name: 'Collection status' }).textContent()).toContain('Collection status');

      await page.evaluate(() => performance.setResourceTimingBufferSize(10_000));
      await click(startHere.getByRole('button', { name: 'Run the demo collection' }));
      const pressedAt = Date.now();
      await statusPanel(page, 'Currently Running').getByRole('listitem', { name: DEMO_PASSING_COLLECTION }).waitFor({ timeout: 30_000 });
      const gapMs = await runningReadGapMs(page);
      console.log(`Currently Running showed the run ${Date.now() - pressedAt} ms after Run; its read began ${gapMs?.toFixed(0)} ms after the trigger answered`);
      expect(gapMs).not.toBeNull();
      expect(gapMs ?? Infinity).toBeLessThanOrEqual(RUNNING_READ_AFTER_TRIGGER_MS);

      const toast = page.getByRole('alertdialog').filter({ hasText: `${DEMO_PASSING_COLLECTION}: PASSED` });
      await toast.waitFor({ timeout: 120_000 });
      // The sidebar opened by Run stays open, and Last Collection Completed shows the result.
      await statusPanel(page, 'Last Collection Completed').getByText(DEMO_PASSING_COLLECTION).waitFor();
      await screenshot(page, 'first-run-toast');

      await click(toast.getByRole('button', { name: 'Open report' }));
      const report = page.getByRole('dialog', { name: 'Collection Report' });
      await report.getByRole('grid', { name: 'Flow details' }).waitFor();
      expect(clicks).toBeLessThanOrEqual(MAX_CLICKS_TO_REPORT);
      await report.getByText('PASSED').first().waitFor();
      await report.getByRole('button', { name: 'Close', exact: true }).click();
      await report.waitFor({ state: 'hidden' });

      // Back on the landing page: the result with its report, and no horizontal scroll.
      await page.getByRole('region', { name: 'Last results' }).getByRole('button', { name: new RegExp(`^Report of ${DEMO_PASSING_COLLECTION}`) }).waitFor();
      await page.mouse.move(0, 0);
      await screenshot(page, 'first-run-landing-with-runs');
      expect(await axeViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);

      // The Studio at 1280 px with the status sidebar open, the narrowest the flow editor gets: every step readable.
      await openStudio(page, e2e.platform.baseUrl);
      await openStatusSidebar(page);
      await chooseOption(page, studioToolbar(page), 'Collection', DEMO_PASSING_COLLECTION);
      await studioToolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
      const editor = page.getByRole('region', { name: 'Flow editor' });
      await editor.getByRole('list', { name: /^Steps of / }).first().waitFor();
      await page.mouse.move(0, 0);
      await screenshot(page, 'first-run-studio-demo-1280');
      expect(await cutStepTexts(editor)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
