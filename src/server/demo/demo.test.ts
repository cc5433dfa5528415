import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectionListResponseSchema, collectionResponseSchema } from '../../shared/contracts/collections';
import { FINISHED_RUN_STATES, runDetailsResponseSchema, triggerResponseSchema, type RunDetails } from '../../shared/contracts/runs';
import { endpoints } from '../../shared/endpoints';
import { CHROMIUM_ARGS } from '../runs/executor/browserExecutor';
import { TEST_BROWSER_PATH } from '../testing/testBrowser';
import { startTestServer, type TestServer } from '../testing/testServer';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from './seedDemoCollections';

describe('demo app and seed', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it('serves the demo pages, scripts and styles under /demo-app/, and nothing else there', async () => {
    t = await startTestServer();
    const redirect = await t.request('/demo-app', { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/demo-app/');
    const index = await t.request(endpoints.demoApp);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await index.text();
    expect(page).toContain('<title>Demo app - sign in</title>');
    expect(page).toContain('id="sign-in"');
    for (const [file, type] of [
      ['list.html', 'text/html'],
      ['sign-in.js', 'text/javascript'],
      ['list.js', 'text/javascript'],
      ['demo.css', 'text/css'],
    ]) {
      const response = await t.request(`${endpoints.demoApp}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type')).toContain(type);
    }
    for (const missing of ['nope.html', '..%2Fdemo.test.ts', 'demoApp.ts', '%2e%2e%2fapp.ts']) {
      expect((await t.request(`${endpoints.demoApp}${missing}`)).status, missing).toBe(404);
    }
  });

  it('seeds the two demo collections on the first start only', async () => {
    t = await startTestServer();
    const token = await t.tokenFor(t.admin);
    const names = async () =>
      collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token: await t.tokenFor(t.admin) })).json()).data;
    const seeded = await names();
    expect(seeded.map((row) => row.testSuiteName)).toEqual([DEMO_PASSING_COLLECTION, DEMO_FAILING_COLLECTION]);
    expect(seeded.every((row) => row.deviceType === 'BROWSER' && row.updatedBy === t.admin.email)).toBe(true);

    const failing = seeded.find((row) => row.testSuiteName === DEMO_FAILING_COLLECTION);
    const loaded = await t.request(`${endpoints.collections.load}?id=${failing?.id ?? ''}`, { token });
    const steps = collectionResponseSchema.parse(await loaded.json()).data.testCases.flatMap((flow) => flow.steps);
    expect(steps[0]).toMatchObject({ action: 'open', value: '${BASE_URL}/demo-app/' });
    expect(steps.at(-1)).toMatchObject({ action: 'assertText', target: 'h1', value: 'Welcome back' });

    // Restarting on the same data keeps the seeds single, even after the user deleted them.
    await t.server.services.db.updateTable('collections').set({ deleted: 1 }).execute();
    await t.server.close();
    t = await startTestServer({ dataDir: t.dataDir, takeOverDataDir: true });
    const afterRestart = await names();
    expect(afterRestart).toHaveLength(2);
    expect(afterRestart.every((row) => row.result === 'deleted')).toBe(true);
  });
});

describe.skipIf(!existsSync(TEST_BROWSER_PATH))('demo app in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestServer({ chromiumPath: TEST_BROWSER_PATH, browserPoolSize: 1 });
    browser = await chromium.launch({ executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser.close();
    await t.close();
  });

  it('refuses a wrong password, signs demo in, and adds an item with a category and the urgent box', async () => {
    const page = await browser.newPage();
    const scriptErrors: string[] = [];
    page.on('pageerror', (error) => scriptErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') scriptErrors.push(message.text());
    });
    await page.goto(`${t.baseUrl}${endpoints.demoApp}`);
    await page.fill('#username', 'demo');
    await page.fill('#password', 'wrong');
    await page.click('text=Sign in');
    await expect.poll(() => page.locator('#error').isVisible()).toBe(true);

    await page.fill('#password', 'demo');
    await page.click('text=Sign in');
    await page.waitForURL('**/demo-app/list.html');
    expect(await page.title()).toBe('Demo items');
    expect(await page.textContent('h1')).toBe('Items');
    expect(await page.textContent('#welcome')).toBe('Signed in as demo');

    await page.fill('#new-item', 'Check the report');
    await page.selectOption('#category', 'Work');
    await page.check('#urgent');
    await page.click('text=Add item');
    expect(await page.textContent('#count')).toBe('4 items');
    const added = page.locator('#items li').last();
    expect(await added.textContent()).toBe('Check the report');
    expect(await added.getAttribute('data-category')).toBe('Work');
    expect(await added.getAttribute('class')).toBe('urgent');

    await page.click('#sign-out');
    await page.waitForURL(/\/demo-app\/$/);
    await page.goto(`${t.baseUrl}${endpoints.demoApp}list.html`);
    await page.waitForURL(/\/demo-app\/$/);
    expect(scriptErrors).toEqual([]);
    await page.close();
  });

  async function runToTheEnd(token: string, collectionId: string): Promise<RunDetails> {
    const trigger = await t.request(`${endpoints.runs.trigger}?id=${collectionId}`, { token });
    expect(trigger.status).toBe(200);
    const { statusId } = triggerResponseSchema.parse(await trigger.json()).data;
    let details: RunDetails | undefined;
    await expect
      .poll(
        async () => {
          const response = await t.request(`${endpoints.runs.details}?id=${statusId}`, { token });
          details = runDetailsResponseSchema.parse(await response.json()).data;
          return (FINISHED_RUN_STATES as readonly string[]).includes(details.testStatus);
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    if (!details) throw new Error(`No details for run ${statusId}`);
    return details;
  }

  it('runs the seeded collections: Demo_Sign_In passes, Demo_Wrong_Assertion fails on its assertion with a screenshot', async () => {
    const token = await t.tokenFor(t.admin);
    const list = collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token })).json()).data;
    const idOf = (name: string) => list.find((row) => row.testSuiteName === name)?.id ?? '';

    const passing = await runToTheEnd(token, idOf(DEMO_PASSING_COLLECTION));
    expect(passing.testStatus, JSON.stringify(passing.testCaseDetails)).toBe('PASSED');
    expect(passing.testCaseDetails.map((flow) => flow.testCaseResult)).toEqual(['PASSED', 'PASSED']);

    const failing = await runToTheEnd(token, idOf(DEMO_FAILING_COLLECTION));
    expect(failing.testStatus).toBe('FAILED');
    const [flow] = failing.testCaseDetails;
    expect(flow?.failedTestStep).toBe('assert-wrong-heading');
    const failedStep = flow?.testCaseDetailByLoop[0]?.steps.find((step) => step.result === 'FAILED');
    expect(failedStep?.errorDetail).toContain('Welcome back');
    expect(flow?.failureImagesList.length).toBeGreaterThan(0);
  });
});
