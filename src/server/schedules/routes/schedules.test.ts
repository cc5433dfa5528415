import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_TAG, tagSavedResponseSchema } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  executableTestSuitesResponseSchema,
  runNowResponseSchema,
  scheduleDevicesResponseSchema,
  scheduleExecutionDetailsResponseSchema,
  scheduleListResponseSchema,
  scheduleQueueResponseSchema,
  scheduleResponseSchema,
  type SaveScheduleInput,
} from '../../../shared/contracts/schedules';
import { endpoints, IDEMPOTENCY_HEADER } from '../../../shared/endpoints';
import { REPLAYED_HEADER } from '../../http/idempotency';
import { tokenInAnotherOrganization } from '../../testing/otherOrganization';
import { browserCollection, dailySchedule, saveCollection, startRunServers, waitForRun, type PageServer } from '../../testing/runFixtures';
import type { TestServer } from '../../testing/testServer';

const DAY = 24 * 60 * 60_000;
const BERLIN = 'Europe/Berlin';

describe('schedule calls', { timeout: 60_000 }, () => {
  let t: TestServer;
  let pages: PageServer;
  let token: string;
  let collectionId: string;

  beforeAll(async () => {
    const servers = await startRunServers(['CONTROL_ROOM', 'STUDIO'], { browserPoolSize: 1 });
    ({ t, pages, token } = servers);
    return servers.close;
  });
  beforeAll(async () => {
    collectionId = await saveCollection(
      t,
      token,
      browserCollection({
        flows: [
          {
            testCaseId: 'slow-wait',
            steps: [
              { stepId: 'o', action: 'open', value: `${pages.origin}/list` },
              { stepId: 'w', action: 'waitFor', target: '#never-there', timeoutMs: 20_000 },
            ],
          },
        ],
      }),
    );
  });

  const send = (path: string, method: string, body?: unknown) =>
    t.request(path, {
      method,
      token,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  /** Tomorrow at a whole hour in Europe/Berlin, the zone of the schedules below. */
  const tomorrowAt = (hour: number) => DateTime.now().setZone(BERLIN).plus({ days: 1 }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toMillis();

  const daily = (overrides: Partial<SaveScheduleInput> = {}) => dailySchedule([collectionId], { name: 'Daily smoke', timeZone: BERLIN, ...overrides });

  async function save(body: SaveScheduleInput) {
    const response = await send(endpoints.schedules.save, 'POST', body);
    expect(response.status, await response.clone().text()).toBe(200);
    return scheduleResponseSchema.parse(await response.json());
  }

  async function fieldErrorsOf(body: unknown): Promise<Record<string, string[]>> {
    const response = await send(endpoints.schedules.save, 'POST', body);
    expect(response.status).toBe(400);
    return errorBodySchema.parse(await response.json()).fieldErrors ?? {};
  }

  it('saves, lists, reads, updates and deletes a schedule with its next executions', async () => {
    const saved = await save(daily());
    expect(saved.message).toBe('Schedule Saved');
    const schedule = saved.data;
    expect(schedule.executionTime).toBe(schedule.startTime);
    expect(schedule.executionTimes).toHaveLength(30);
    expect(schedule.executionTimes[1]! - schedule.executionTimes[0]!).toBe(DAY);
    expect(schedule).toMatchObject({ enabled: true, taskType: 'TESTSUITE', version: 1, timeZone: 'Europe/Berlin', executionHistory: [] });

    const list = scheduleListResponseSchema.parse(await (await send(endpoints.schedules.list, 'GET')).json());
    expect(list.data.map((row) => row.id)).toContain(schedule.id);

    const updated = await save({ ...daily({ name: 'Renamed', enabled: false }), id: schedule.id });
    expect(updated.data).toMatchObject({ id: schedule.id, name: 'Renamed', enabled: false, version: 2 });
    const read = scheduleResponseSchema.parse(await (await send(endpoints.schedules.byId(schedule.id), 'GET')).json());
    expect(read.data.name).toBe('Renamed');

    const deleted = await send(endpoints.schedules.remove, 'PUT', { id: schedule.id });
    expect(await deleted.json()).toEqual({ success: true, message: 'Schedule Deleted' });
    expect((await send(endpoints.schedules.byId(schedule.id), 'GET')).status).toBe(404);
  });

  it('creates a schedule under the id its client made; the next save of that id updates it, another organization gets 404', async () => {
    const clientId = randomUUID();
    const created = await save({ ...daily({ name: 'Made offline' }), id: clientId });
    expect(created.data).toMatchObject({ id: clientId, name: 'Made offline', version: 1 });
    const toggled = await save({ ...daily({ name: 'Made offline', enabled: false }), id: clientId });
    expect(toggled.data).toMatchObject({ id: clientId, enabled: false, version: 2 });
    const list = scheduleListResponseSchema.parse(await (await send(endpoints.schedules.list, 'GET')).json());
    expect(list.data.filter((row) => row.name === 'Made offline').map((row) => row.id)).toEqual([clientId]);

    // Another organization's valid save naming that id neither takes the schedule over nor creates a second one.
    const other = await tokenInAnotherOrganization(t, ['CONTROL_ROOM', 'STUDIO']);
    const theirCollection = await saveCollection(t, other, browserCollection({ flows: [{ testCaseId: 'theirs', steps: [] }] }));
    const foreign = await t.request(endpoints.schedules.save, {
      method: 'POST',
      token: other,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...daily({ testStatusIdList: [theirCollection] }), id: clientId }),
    });
    expect(foreign.status).toBe(404);
    await send(endpoints.schedules.remove, 'PUT', { id: clientId });
    expect((await send(endpoints.schedules.save, 'POST', { ...daily(), id: clientId })).status).toBe(404);
  });

  it('applies a replayed create once: the same Idempotency-Key gets the first answer again', async () => {
    const replay = () =>
      t.request(endpoints.schedules.save, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: 'outbox-schedule-1' },
        body: JSON.stringify(daily({ name: 'Replayed once' })),
      });
    const first = scheduleResponseSchema.parse(await (await replay()).json());
    const again = await replay();
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(scheduleResponseSchema.parse(await again.json()).data.id).toBe(first.data.id);
    const list = scheduleListResponseSchema.parse(await (await send(endpoints.schedules.list, 'GET')).json());
    expect(list.data.filter((row) => row.name === 'Replayed once')).toHaveLength(1);
  });

  it('answers the §5 field errors', async () => {
    const everyFiveHours = (executionsPerDay: number): SaveScheduleInput['scheduleData'] => ({
      type: 2,
      recurEveryDays: 1,
      weekDays: [0, 0, 0, 0, 0, 0, 0],
      recurDurationType: 'Hours',
      recurEveryHours: 5,
      executionsPerDay,
    });
    const hash = await fieldErrorsOf(daily({ startTime: tomorrowAt(0), scheduleData: everyFiveHours(6) }));
    expect(hash['scheduleData.executionsPerDay']).toEqual(['With selected hours/minutes, maximum number of runs can be 5']);
    // From 20:00 in the schedule's zone the next run would be after midnight.
    const late = await fieldErrorsOf(daily({ startTime: tomorrowAt(20), scheduleData: everyFiveHours(2) }));
    expect(late['scheduleData.executionsPerDay']).toEqual(['With selected hours/minutes, maximum number of runs can be 1']);

    const weekly = await fieldErrorsOf(daily({ repeat: 2, scheduleData: { type: 1, recurEveryWeeks: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] } }));
    expect(weekly['scheduleData.weekDays']).toEqual(['atleastOneWeekDayMustBeSelected']);

    const runtime = await fieldErrorsOf(
      daily({ notifyOnWaitInQueue: true, waitInMinutesBeforeNotify: 1_000_000, overrideStepTimeout: true, stepTimeout: 601_000, overrideDataSource: true }),
    );
    expect(runtime).toMatchObject({
      waitInMinutesBeforeNotify: ['Up to 6 digit are allowed'],
      stepTimeout: ['timeout must be between 1 to 600 (seconds)'],
      dataSourceVariableId: ['Required'],
    });
    expect((await fieldErrorsOf(daily({ notifyOnWaitInQueue: true }))).waitInMinutesBeforeNotify).toEqual(['Required']);

    const basics = await fieldErrorsOf({ ...daily({ scheduleNotifyEmails: 'a@example.com; nope', testStatusIdList: [] }), name: '  ', timeZone: 'Mars/Base' });
    expect(basics).toMatchObject({
      name: ['Required'],
      scheduleNotifyEmails: ['MultiEmailInvalid'],
      timeZone: ['Unknown time zone: use an IANA name such as Europe/Paris'],
    });
    expect((await fieldErrorsOf(daily({ endTime: Date.now() }))).endTime).toEqual(['The end time must be after the start time']);
    expect((await fieldErrorsOf(daily({ testStatusIdList: ['no-such-collection'] }))).testStatusIdList).toEqual(['NotFound']);
    expect((await fieldErrorsOf(daily({ scheduleType: 'TAG_COLLECTION', collectionTags: ['no-such-tag'] }))).collectionTags).toEqual(['NotFound']);
  });

  it('applies the scheduleData rules, weekly for repeat above 2, and comma-separated e-mails itself', async () => {
    const schedule = (
      await save(
        daily({
          repeat: 3,
          startTime: tomorrowAt(8),
          scheduleNotifyEmails: 'a@example.com; b@example.com',
          // type 1 with a spacing and a count is type 2 (§3); with Hours the minutes are 0 (§4); recurEveryWeeks defaults to 1.
          scheduleData: { type: 1, weekDays: [1, 1, 1, 1, 1, 1, 1], recurDurationType: 'Hours', recurEveryHours: 4, recurEveryMinutes: 15, executionsPerDay: 3 },
        }),
      )
    ).data;
    expect(schedule.repeat).toBe(2);
    expect(schedule.scheduleNotifyEmails).toBe('a@example.com, b@example.com');
    expect(schedule.scheduleData).toEqual({
      type: 2,
      recurEveryDays: 1,
      recurEveryWeeks: 1,
      weekDays: [1, 1, 1, 1, 1, 1, 1],
      recurDurationType: 'Hours',
      recurEveryHours: 4,
      recurEveryMinutes: 0,
      executionsPerDay: 3,
    });
    expect(schedule.executionTimes.slice(0, 4).map((time) => DateTime.fromMillis(time, { zone: BERLIN }).toFormat('HH:mm'))).toEqual(['08:00', '12:00', '16:00', '08:00']);
  });

  it('keeps tagCollectionData naming collections of the organization and refuses others', async () => {
    const tag = tagSavedResponseSchema.parse(await (await send(endpoints.tags.save, 'POST', { tagName: 'Nightly', tagType: ORGANIZATION_TAG })).json()).data;
    const suites = executableTestSuitesResponseSchema.parse(await (await send(endpoints.schedules.executableTestSuites, 'GET')).json()).data;
    const tagged: Partial<SaveScheduleInput> = { scheduleType: 'TAG_COLLECTION', collectionTags: [tag.id] };
    const mine = suites.filter((suite) => Object.values(suite.versionTags).some((version) => version.statusId === collectionId));
    expect((await save(daily({ ...tagged, tagCollectionData: mine }))).data.tagCollectionData).toEqual(mine);
    const foreign = [{ testSuiteName: 'Elsewhere', versionTags: { '': { statusId: 'not-ours', collectionTags: [] } } }];
    expect((await fieldErrorsOf(daily({ ...tagged, tagCollectionData: foreign }))).tagCollectionData).toEqual(['NotFound']);
  });

  it('answers 404 with a message for unknown ids', async () => {
    const cases: [string, string, unknown?][] = [
      [endpoints.schedules.byId('missing'), 'GET'],
      [endpoints.schedules.devices('missing'), 'GET'],
      [endpoints.schedules.remove, 'PUT', { id: 'missing' }],
      [endpoints.schedules.runNow, 'PUT', { id: 'missing' }],
      [`${endpoints.schedules.cancelQueued}?id=missing`, 'PUT'],
      [endpoints.schedules.executionDetails('missing'), 'GET'],
      [`${endpoints.schedules.report}?executionId=missing`, 'GET'],
    ];
    for (const [path, method, body] of cases) {
      const response = await send(path, method, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(errorBodySchema.parse(await response.json()).message).toMatch(/missing/);
    }
    const update = await send(endpoints.schedules.save, 'POST', { ...daily(), id: 'missing' });
    expect(update.status).toBe(404);
  });

  it('runs a schedule now with its step timeout override, shows it in the queue, its details and its report zip', async () => {
    const schedule = (await save(daily({ name: 'Override timeout', overrideStepTimeout: true, stepTimeout: 1000 }))).data;
    const devices = scheduleDevicesResponseSchema.parse(await (await send(endpoints.schedules.devices(schedule.id), 'GET')).json());
    expect(devices.data).toEqual([]);
    const suites = executableTestSuitesResponseSchema.parse(await (await send(endpoints.schedules.executableTestSuites, 'GET')).json());
    expect(suites.data.some((suite) => Object.values(suite.versionTags).some((version) => version.statusId === collectionId))).toBe(true);

    const started = runNowResponseSchema.parse(await (await send(endpoints.schedules.runNow, 'PUT', { id: schedule.id })).json());
    expect(started.message).toBe('Starting Execution...');
    const executionId = started.data.scheduleExecutionHistoryId;

    const detailsOf = async () =>
      scheduleExecutionDetailsResponseSchema.parse(await (await send(endpoints.schedules.executionDetails(executionId), 'GET')).json()).data;
    const [item] = (await detailsOf()).collections;
    expect(item?.id).toBeTruthy();
    const run = await waitForRun(t, token, item?.id ?? '');
    // The collection's own 20 s wait became 1 s: the executor applied the schedule's override.
    const failed = run.testCaseDetails.flatMap((flow) => flow.testCaseDetailByLoop.flatMap((loop) => loop.steps)).find((step) => step.result === 'FAILED');
    expect(failed?.errorDetail).toBe('Timed out waiting for "#never-there" to be visible; found no matching element (waited 1000 ms)');

    const details = await detailsOf();
    expect(details.execution).toMatchObject({ kind: 'RUN_NOW', totalCollections: 1 });
    expect(details.collections[0]).toMatchObject({ result: 'FAILED', devices: { 'browser-1': expect.any(String) as string } });
    expect(details.collections[0]?.duration).toBeGreaterThan(0);
    // The firing's queue row and status follow its runs on the scheduler's next tick, not with the run's own end.
    const queuedIds = async () =>
      scheduleQueueResponseSchema.parse(await (await send(endpoints.schedules.queue, 'GET')).json()).data.map((row) => row.scheduleExecutionHistoryId);
    await expect.poll(queuedIds, { timeout: 10_000 }).not.toContain(executionId);

    const report = await send(`${endpoints.schedules.report}?executionId=${executionId}&timezone=Europe/Berlin`, 'GET');
    expect(report.status).toBe(200);
    expect(report.headers.get('content-disposition')).toBe(`attachment; filename="Override timeout-${schedule.id}-schedule-summary-report.zip"`);
    const files = unzipSync(new Uint8Array(await report.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(1);
    expect(strFromU8(Object.values(files)[0]!)).toContain('#never-there');
    const byIds = await send(`${endpoints.schedules.report}?statusIds=${item?.id ?? ''}`, 'GET');
    expect(byIds.headers.get('content-disposition')).toBe('attachment; filename="schedule-summary-report.zip"');

    const history = async () =>
      scheduleResponseSchema.parse(await (await send(endpoints.schedules.byId(schedule.id), 'GET')).json()).data.executionHistory.map((entry) => [entry.id, entry.status]);
    await expect.poll(history, { timeout: 10_000 }).toEqual([[executionId, 'COMPLETED']]);
  });

  it('lists a firing in the queue and cancels it', async () => {
    const busy = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 'w', action: 'waitFor', target: '#never', timeoutMs: 5000 }] }] }));
    const schedule = (await save(daily({ name: 'To cancel', testStatusIdList: [busy, collectionId], inOrder: true }))).data;
    const { data } = runNowResponseSchema.parse(await (await send(endpoints.schedules.runNow, 'PUT', { id: schedule.id })).json());
    const queue = scheduleQueueResponseSchema.parse(await (await send(endpoints.schedules.queue, 'GET')).json());
    const queued = queue.data.find((row) => row.scheduleExecutionHistoryId === data.scheduleExecutionHistoryId);
    expect(queued).toMatchObject({ name: 'To cancel', scheduleId: schedule.id, totalCollections: 2 });

    const cancelled = await send(`${endpoints.schedules.cancelQueued}?id=${queued?.id ?? ''}`, 'PUT');
    expect(await cancelled.json()).toEqual({ success: true, message: 'Schedule Execution Cancelled' });
    const after = scheduleQueueResponseSchema.parse(await (await send(endpoints.schedules.queue, 'GET')).json());
    expect(after.data.find((row) => row.id === queued?.id)).toBeUndefined();
    const details = scheduleExecutionDetailsResponseSchema.parse(
      await (await send(endpoints.schedules.executionDetails(data.scheduleExecutionHistoryId), 'GET')).json(),
    );
    expect(details.data.collections[1]?.result).toBe('SKIPPED');
  });
});
