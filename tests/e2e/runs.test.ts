import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { COLLECTION_SAVED_MESSAGE } from '../../src/shared/contracts/collections';
import { RUN_MESSAGES } from '../../src/shared/contracts/runs';
import { STEP_ACTION_SPECS, type StepSlot } from '../../src/shared/contracts/step-fields';
import { endpoints } from '../../src/shared/endpoints';
import { browserCollection, PlatformApi, poll } from './api';
import { startGate } from './gate';
import { chromiumMissing, screenshot } from './harness';
import {
  chooseOption,
  openLastCompletedReport,
  openResourceManagement,
  openStatusSidebar,
  openStudio,
  openWelcome,
  statusPanel,
  studioToolbar,
  TEST_POLL_MS,
} from './pages';
import { useE2E, useSignedInPages } from './setup';

const DEMO_PASSING = 'Demo_Sign_In';
const DEMO_FAILING = 'Demo_Wrong_Assertion';
const BROWSER_RESOURCE = 'browser-1';
/** Long enough that the run is surely still going when the test acts on it. */
const NEVER_APPEARS_MS = 120_000;

// Every run launches Chromium on a loaded machine: give each test minutes, not seconds.
describe.skipIf(chromiumMissing)('runs of collections in real Chromium against the real server', { timeout: 180_000 }, () => {
  // One browser resource, so "the resource" of a run is always the same one.
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));
  const signInApi = () => PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);

  // The status sidebar polls every second, not every 5 s: the test waits for what the run did, not for a poll.
  const signedInPage = useSignedInPages(e2e, {}, { pollPeriodMs: TEST_POLL_MS });

  /** A collection whose only step waits for an element the demo app never shows: it runs until stopped. */
  const saveEndlessCollection = (api: PlatformApi, name: string) =>
    api.saveCollection(
      browserCollection(name, [
        {
          testCaseId: 'wait-forever',
          steps: [
            { stepId: 'open-demo', action: 'open', value: `${e2e.platform.baseUrl}${endpoints.demoApp}` },
            { stepId: 'wait-forever', action: 'waitFor', target: '#never-there', timeoutMs: NEVER_APPEARS_MS },
          ],
        },
      ]),
    );

  /** Waits until the status sidebar's feed (getRunningTabData) shows the run executing its waiting step. */
  const waitUntilRunning = (api: PlatformApi, statusId: string) =>
    poll(
      () => api.runningTabData(),
      ({ runningTestStatus }) =>
        runningTestStatus.some((run) => run.statusId === statusId && run.result === 'RUNNING' && run.currentStatus.stepIndexCurrent === 2),
      60_000,
      (data) => JSON.stringify(data.runningTestStatus),
    );

  const browserResource = async (api: PlatformApi) => {
    const device = (await api.browserDevices()).find((row) => row.deviceId === BROWSER_RESOURCE);
    if (!device) throw new Error(`No browser resource ${BROWSER_RESOURCE}`);
    return device;
  };

  it('a server killed in the middle of a run starts again with the run ABORTED, the queued run dispatched, the resource free, and runs again', async () => {
    let api = await signInApi();
    const statusId = await api.trigger(await saveEndlessCollection(api, 'Killed mid run'));
    await waitUntilRunning(api, statusId);
    expect(await browserResource(api)).toMatchObject({ pluggedIn: true, deviceInUse: true });
    // A second run waits in the queue for the only resource: the crash must neither lose nor strand it.
    const queued = await api.trigger(await api.collectionIdByName(DEMO_PASSING));
    expect((await api.details(queued)).testStatus).toBe('QUEUED');

    await e2e.platform.kill();
    await e2e.platform.restart();
    api = await signInApi();

    const aborted = await api.details(statusId);
    expect(aborted.testStatus).toBe('ABORTED');
    expect(aborted.timeCompleted).not.toBeNull();
    expect((await api.search({ status: 'ABORTED' })).map((run) => run.statusId)).toContain(statusId);
    expect((await api.runningTabData()).runningTestStatus.map((run) => run.statusId)).not.toContain(statusId);
    // The freed resource goes to the run that waited in the queue, and is free again once that run ends.
    const dispatched = await api.waitForRun(queued);
    expect(dispatched.testStatus, JSON.stringify(dispatched.logsList)).toBe('PASSED');
    expect(await browserResource(api)).toMatchObject({ pluggedIn: true, deviceInUse: false });

    const page = await signedInPage();
    const resources = await openResourceManagement(page, e2e.platform.baseUrl);
    const row = resources.getByRole('grid', { name: 'Browser resources' }).getByRole('row').filter({ hasText: BROWSER_RESOURCE });
    await row.getByText('Available', { exact: true }).waitFor();
    await screenshot(page, 'runs-resource-free-after-kill');

    const rerun = await api.waitForRun(await api.trigger(await api.collectionIdByName(DEMO_PASSING)));
    expect(rerun.testStatus, JSON.stringify(rerun.logsList)).toBe('PASSED');
    expect(rerun.devices).toEqual([BROWSER_RESOURCE]);
    expect(await browserResource(api)).toMatchObject({ pluggedIn: true, deviceInUse: false });
  });

  it('a wrong assertion fails the run with the failed step, its error and a PNG screenshot', async () => {
    const api = await signInApi();
    const details = await api.waitForRun(await api.trigger(await api.collectionIdByName(DEMO_FAILING)));
    expect(details.testStatus).toBe('FAILED');

    const [flow] = details.testCaseDetails;
    expect(flow?.testCaseResult).toBe('FAILED');
    expect(flow?.failedTestStep).toBe('assert-wrong-heading');
    const failedStep = flow?.testCaseDetailByLoop[0]?.steps.find((step) => step.result === 'FAILED');
    expect(failedStep?.stepId).toBe('assert-wrong-heading');
    expect(failedStep?.errorDetail).toBe('Assertion failed: expected the text of "h1" to contain "Welcome back"; found "Items"');
    const imagePath = failedStep?.images[0]?.path ?? '';
    expect(imagePath).not.toBe('');

    const image = await api.download(imagePath);
    expect(image.headers.get('content-type')).toBe('image/png');
    const signature = [...new Uint8Array(await image.arrayBuffer()).slice(0, 8)];
    expect(signature).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The file is not public: without the bearer token it is refused.
    expect((await fetch(`${e2e.platform.baseUrl}${endpoints.runs.downloadFile}?path=${encodeURIComponent(imagePath)}`)).status).toBe(401);

    const { lastExecutedTestStates } = await api.runningTabData();
    expect(lastExecutedTestStates[0]).toMatchObject({
      testStatusId: details.statusId,
      testStatus: 'FAILED',
      isFailed: true,
      failedCases: [{ testStepIdFailed: 'assert-wrong-heading' }],
    });
  });

  it('cancels a running collection with "The execution of collection id {id} was stopped!"', async () => {
    const api = await signInApi();
    const statusId = await api.trigger(await saveEndlessCollection(api, 'Cancelled mid run'));
    await waitUntilRunning(api, statusId);

    expect(await api.cancelRunning(statusId)).toBe(RUN_MESSAGES.stopped(statusId));
    expect((await api.details(statusId)).testStatus).toBe('CANCELLED');
    expect((await api.runningTabData()).runningTestStatus).toEqual([]);
    expect(await browserResource(api)).toMatchObject({ pluggedIn: true, deviceInUse: false });
  });

  it('the report modal, opened from the status sidebar, shows the FAILED run, its failed step, the error and the screenshot', async () => {
    const api = await signInApi();
    const failed = await api.waitForRun(await api.trigger(await api.collectionIdByName(DEMO_FAILING)));
    expect(failed.testStatus).toBe('FAILED');
    const page = await signedInPage();
    await openWelcome(page, e2e.platform.baseUrl);

    const report = await openLastCompletedReport(page, DEMO_FAILING);
    expect(await definition(report, 'Test Status')).toBe('FAILED');
    expect(await definition(report, 'Collection Name')).toBe(DEMO_FAILING);
    const failedRow = report.getByRole('row').filter({ hasText: 'assert-wrong-heading' });
    await failedRow.getByText('Assertion failed: expected the text of "h1" to contain "Welcome back"; found "Items"').waitFor();
    expect(await failedRow.getByText('FAILED', { exact: true }).count()).toBe(1);
    await screenshot(page, 'runs-report-failed');

    await failedRow.getByRole('button', { name: /^Image 1: / }).click();
    const image = page.getByRole('dialog').getByRole('img');
    await image.waitFor();
    // The image came through the bearer-token download and decoded as a real picture.
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    expect(await image.getAttribute('src')).toMatch(/^(data:image\/png|blob:)/);
    await screenshot(page, 'runs-report-failed-image');
  });

  it('builds a collection of two flows in the Studio, saves and runs it, shows its progress in the sidebar and a PASSED report', async () => {
    const gate = await startGate();
    try {
      const name = 'Studio two flows';
      const page = await signedInPage();
      await openStudio(page, e2e.platform.baseUrl);
      await studioToolbar(page).getByRole('button', { name: 'New collection' }).click();
      const configuration = page.getByRole('region', { name: 'Flow configuration' });
      await configuration.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await chooseOption(page, configuration, 'Resource type', 'Browser');

      await addFlow(page, 'Sign in', [
        { name: 'Open the demo app', action: 'Open URL', value: `${e2e.platform.baseUrl}${endpoints.demoApp}` },
        { name: 'Type the user', action: 'Type text', target: '#username', value: 'demo' },
        { name: 'Type the password', action: 'Type text', target: '#password', value: 'demo' },
        { name: 'Sign in', action: 'Click', target: 'text=Sign in' },
        { name: 'The list is open', action: 'Assert title', value: 'Demo items' },
      ]);
      await addFlow(page, 'Add an item', [
        { name: 'Type the item', action: 'Type text', target: '#new-item', value: 'Added in the Studio' },
        { name: 'Add it', action: 'Click', target: 'text=Add item' },
        // Holds the run on this step until the test has watched its progress.
        { name: 'Wait at the gate', action: 'HTTP request', target: `GET ${gate.url}`, timeoutMs: 120_000 },
        { name: 'The item is listed', action: 'Assert text', target: '#items', value: 'Added in the Studio' },
      ]);
      await screenshot(page, 'runs-studio-collection');

      await studioToolbar(page).getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(COLLECTION_SAVED_MESSAGE, { exact: true }).waitFor();
      await openStatusSidebar(page);
      await studioToolbar(page).getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByText(RUN_MESSAGES.executed, { exact: true }).waitFor();

      const running = statusPanel(page, 'Currently Running').getByRole('listitem', { name, exact: true });
      await running.getByText('Add an item', { exact: true }).waitFor({ timeout: 30_000 });
      // The run waits on step 3 of 4 of its second flow: two of its steps and one flow of two are done.
      await running.getByRole('progressbar', { name: /^Steps 2\/4/ }).waitFor();
      expect(await running.getByRole('progressbar', { name: /^Flows 1\/2/ }).getAttribute('aria-valuenow')).toBe('50');
      await screenshot(page, 'runs-studio-sidebar-running');
      expect(gate.waiting()).toBe(1);

      const api = await signInApi();
      const statusId = (await api.runningTabData()).runningTestStatus.find((run) => run.testSuiteName === name)?.statusId ?? '';
      expect(statusId).not.toBe('');
      gate.open();
      const details = await api.waitForRun(statusId);
      expect(details.testStatus, JSON.stringify(details.logsList)).toBe('PASSED');
      expect(details.testCaseDetails.map((flow) => [flow.testCaseName, flow.testCaseResult])).toEqual([
        ['Sign in', 'PASSED'],
        ['Add an item', 'PASSED'],
      ]);

      const last = statusPanel(page, 'Last Collection Completed');
      await last.getByText(name, { exact: true }).waitFor({ timeout: 15_000 });
      await last.getByText('PASSED', { exact: true }).waitFor();
      await statusPanel(page, 'Currently Running').getByText('No collection is running.').waitFor();
      const report = await openLastCompletedReport(page, name);
      expect(await definition(report, 'Test Status')).toBe('PASSED');
      expect(await report.getByRole('row').filter({ hasText: 'PASSED' }).count()).toBe(9);
      await screenshot(page, 'runs-studio-report-passed');
    } finally {
      await gate.close();
    }
  });

  it('cancels a running collection from the Currently Running panel with "The execution of collection id {id} was stopped!"', async () => {
    const name = 'Cancelled in the UI';
    const api = await signInApi();
    const collectionId = await saveEndlessCollection(api, name);
    const page = await signedInPage();
    await openWelcome(page, e2e.platform.baseUrl);
    await openStatusSidebar(page);
    const statusId = await api.trigger(collectionId);
    await waitUntilRunning(api, statusId);

    const running = statusPanel(page, 'Currently Running').getByRole('listitem', { name, exact: true });
    await running.getByText('Running', { exact: true }).waitFor();
    await screenshot(page, 'runs-cancel-before');
    await running.getByRole('button', { name: `Cancel ${name}` }).click();
    await page.getByText(RUN_MESSAGES.stopped(statusId), { exact: true }).waitFor();
    await statusPanel(page, 'Currently Running').getByText('No collection is running.').waitFor();
    await screenshot(page, 'runs-cancel-after');

    expect((await api.details(statusId)).testStatus).toBe('CANCELLED');
    expect(await browserResource(api)).toMatchObject({ pluggedIn: true, deviceInUse: false });
  });
});

/** The value shown next to a term of the report's details list. */
function definition(report: Locator, term: string): Promise<string> {
  return report.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
}

interface StepInput {
  name: string;
  action: string;
  target?: string;
  value?: string;
  timeoutMs?: number;
}

/** What the Studio names a step's target or value for the action labelled `actionLabel` (issue 27: URL, Element…). */
function stepFieldLabel(actionLabel: string, slot: StepSlot): string {
  const spec = Object.values(STEP_ACTION_SPECS).find((candidate) => candidate.label === actionLabel);
  const field = spec?.fields.find((candidate) => candidate.slot === slot);
  if (!field) throw new Error(`${actionLabel} has no ${slot} field`);
  return field.label;
}

/** Adds a flow to the Studio's main flow list, names it and fills its steps through the flow editor. */
async function addFlow(page: Page, flowName: string, steps: readonly StepInput[]): Promise<void> {
  const flows = page.getByRole('region', { name: 'Flows', exact: true });
  const countBefore = await flows.locator('li.studio-flow').count();
  await flows.getByRole('button', { name: 'Add flow' }).click();
  const flow = flows.locator('li.studio-flow').nth(countBefore);
  await flow.getByRole('textbox', { name: 'Flow name' }).fill(flowName);
  for (const [index, step] of steps.entries()) {
    await flow.getByRole('button', { name: `Add step to ${flowName}` }).click();
    const item = flow.getByRole('listitem', { name: `Step ${index + 1}`, exact: true });
    await chooseOption(page, item, 'Action', step.action);
    await item.getByRole('textbox', { name: 'Step name' }).fill(step.name);
    if (step.target !== undefined) await item.getByRole('textbox', { name: stepFieldLabel(step.action, 'target'), exact: true }).fill(step.target);
    if (step.value !== undefined) await item.getByRole('textbox', { name: stepFieldLabel(step.action, 'value'), exact: true }).fill(step.value);
    if (step.timeoutMs !== undefined) await item.getByRole('textbox', { name: 'Timeout (ms)' }).fill(String(step.timeoutMs));
  }
}
