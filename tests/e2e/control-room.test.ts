import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { FINISHED_RUN_STATES } from '../../src/shared/contracts/runs';
import {
  scheduleExecutionDetailsResponseSchema,
  scheduleListResponseSchema,
  scheduleResponseSchema,
  type SaveScheduleInput,
} from '../../src/shared/contracts/schedules';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi, poll } from './api';
import { chromiumMissing, screenshot } from './harness';
import { openControlRoom, tableRow, TEST_POLL_MS } from './pages';
import { useE2E, useSignedInPages } from './setup';

const DEMO_PASSING = 'Demo_Sign_In';
/** The browser's zone differs from the server's, so the schedule must carry the user's zone to fire on time. */
const USER_ZONE = 'Pacific/Auckland';
/**
 * The start must still be ahead when Save is pressed, which follows the start's field and a screenshot: a second on a
 * quiet machine, a few on a loaded one. The firing waits for the whole minute after it, so each second here is waited.
 */
const MIN_LEAD_MS = 15_000;
const FINISHED: readonly string[] = FINISHED_RUN_STATES;

// Schedules fire on the minute and runs launch Chromium on a loaded machine: give each test minutes.
describe.skipIf(chromiumMissing)('the Control Room in real Chromium against the real server', { timeout: 300_000 }, () => {
  // One browser resource, so a run that holds it keeps the schedule's run waiting in the queue.
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));
  const signInApi = () => PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);

  // The queue and the lists poll every second, not every 15 s: the test waits for what the server did, not for a poll.
  const signedInPage = useSignedInPages(e2e, { timezoneId: USER_ZONE }, { pollPeriodMs: TEST_POLL_MS });

  const schedules = async (api: PlatformApi) => scheduleListResponseSchema.parse(await (await api.call(endpoints.schedules.list)).json()).data;
  const schedule = async (api: PlatformApi, id: string) => scheduleResponseSchema.parse(await (await api.call(endpoints.schedules.byId(id))).json()).data;
  const executionDetails = async (api: PlatformApi, id: string) =>
    scheduleExecutionDetailsResponseSchema.parse(await (await api.call(endpoints.schedules.executionDetails(id))).json()).data;

  it('creates a schedule in the popup that fires within a minute, shows it in the queue, then its finished run', async () => {
    const api = await signInApi();
    const blocker = await api.occupyResource(e2e.platform.baseUrl);
    const page = await signedInPage();
    const table = await openControlRoom(page, e2e.platform.baseUrl);

    const name = 'Fires within a minute';
    await page.getByRole('button', { name: 'New Schedule' }).click();
    const popup = page.getByRole('dialog', { name: 'New Schedule' });
    await popup.getByRole('textbox', { name: 'Name' }).fill(name);
    // The multi-select collection selector: open, pick, close.
    const collections = popup.getByRole('button', { name: /Collections$/ });
    await collections.click();
    await page.getByRole('option', { name: DEMO_PASSING }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => collections.textContent()).toContain(DEMO_PASSING);
    await expect.poll(() => popup.getByText(`Times are in ${USER_ZONE}.`).isVisible()).toBe(true);

    // The start last, so that the lead covers only its own field, a screenshot and Save: the next whole minute far
    // enough ahead, in the user's (the browser's) zone.
    let start = DateTime.now().setZone(USER_ZONE).startOf('minute').plus({ minutes: 1 });
    if (start.toMillis() - Date.now() < MIN_LEAD_MS) start = start.plus({ minutes: 1 });
    await popup.getByLabel('Start time').fill(start.toFormat("yyyy-MM-dd'T'HH:mm"));
    await screenshot(page, 'control-room-new-schedule');
    await popup.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Schedule Saved').first().waitFor();
    await tableRow(table, name).waitFor();

    const saved = (await schedules(api)).find((candidate) => candidate.name === name);
    expect(saved).toMatchObject({ timeZone: USER_ZONE, startTime: start.toMillis(), executionTime: start.toMillis(), testStatusIdList: [await api.collectionIdByName(DEMO_PASSING)] });

    // Fired: the queue (polled) lists the firing with its collection waiting for the busy resource.
    const queue = page.getByRole('grid', { name: 'Queued schedules' });
    const queued = tableRow(queue, name);
    await queued.waitFor({ timeout: 150_000 });
    await expect.poll(() => queued.getByText('1 / 1').isVisible()).toBe(true);
    await screenshot(page, 'control-room-queue');

    // Freed, the resource runs the scheduled collection to its end.
    await api.cancelRunning(blocker);
    const [firing] = (await poll(() => schedule(api, saved?.id ?? ''), (current) => current.executionHistory.length > 0, 30_000, () => 'no firing yet')).executionHistory;
    const details = await poll(
      () => executionDetails(api, firing?.id ?? ''),
      (current) => current.collections.every((collection) => FINISHED.includes(collection.result)),
      120_000,
      (current) => JSON.stringify(current.collections.map((collection) => collection.result)),
    );
    expect(details.collections.map((collection) => [collection.testSuiteName, collection.result])).toEqual([[DEMO_PASSING, 'PASSED']]);
    await queued.waitFor({ state: 'detached', timeout: 30_000 });

    // The schedule's history shows the firing; its Collection Execution modal shows the finished run.
    await tableRow(table, name).getByRole('button', { name: `More actions ${name}` }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `History: ${name}` });
    await history.getByRole('button', { name: /^Collections of / }).first().click();
    const execution = page.getByRole('dialog', { name: 'Collection Execution' });
    const run = tableRow(execution.getByRole('grid', { name: 'Collection Execution' }), DEMO_PASSING);
    await run.waitFor();
    await expect.poll(() => run.getByText('PASSED').isVisible()).toBe(true);
    await screenshot(page, 'control-room-collection-execution');
  });

  it('duplicates, disables and deletes a schedule from the Upcoming Schedules table', async () => {
    const api = await signInApi();
    const startTime = DateTime.now().plus({ days: 1 }).startOf('hour').toMillis();
    const body: SaveScheduleInput = {
      name: 'Morning check',
      repeat: 1,
      startTime,
      endTime: startTime + 30 * 86_400_000,
      scheduleType: 'COLLECTION',
      testStatusIdList: [await api.collectionIdByName(DEMO_PASSING)],
      scheduleData: { type: 1, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] },
      timeZone: USER_ZONE,
    };
    const original = scheduleResponseSchema.parse(await (await api.call(endpoints.schedules.save, { method: 'POST', body: JSON.stringify(body) })).json()).data;

    const page = await signedInPage();
    const table = await openControlRoom(page, e2e.platform.baseUrl);
    const row = tableRow(table, original.name);
    await row.waitFor();

    await row.getByRole('button', { name: `More actions ${original.name}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const copy = tableRow(table, `Copy of ${original.name}`);
    await copy.waitFor();
    // The copy shows at once, laid over the list while its save is under way: wait for the server to hold it.
    const copyOnServer = async () => (await schedules(api)).find((candidate) => candidate.name === `Copy of ${original.name}`);
    await expect.poll(copyOnServer).toBeDefined();
    const copied = await copyOnServer();
    expect(copied).toMatchObject({ repeat: 1, startTime, testStatusIdList: original.testStatusIdList, enabled: true });
    expect(copied?.id).not.toBe(original.id);

    // The switch's input is visually hidden: toggle it from the keyboard.
    const toggle = row.getByRole('switch', { name: `Enabled ${original.name}` });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await schedule(api, original.id)).enabled).toBe(false);
    await expect.poll(() => toggle.isChecked()).toBe(false);

    await copy.getByRole('button', { name: `Delete Copy of ${original.name}` }).click();
    const confirm = copy.getByRole('group', { name: `Delete Copy of ${original.name}` });
    await confirm.getByText('Are you sure you want to delete').waitFor();
    await screenshot(page, 'control-room-delete-confirmation');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Schedule Deleted').first().waitFor();
    await copy.waitFor({ state: 'detached' });
    const names = (await schedules(api)).map((candidate) => candidate.name);
    expect(names).toContain(original.name);
    expect(names).not.toContain(`Copy of ${original.name}`);
  });
});
