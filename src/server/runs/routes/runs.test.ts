import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  messageResponseSchema,
  queuedTestsResponseSchema,
  RUN_MESSAGES,
  runningTabDataResponseSchema,
} from '../../../shared/contracts/runs';
import { runSearchResponseSchema } from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import { expectedFfmpegPath, systemFfmpegPath } from '../video';
import { browserCollection, deviceInUse, runDetails, saveCollection, startRunServers, trigger, waitForRun, type PageServer } from '../../testing/runFixtures';
import type { TestServer } from '../../testing/testServer';

const BROWSER = 'browser-1';

/** Every WebM file (a Matroska/EBML document) starts with these four bytes. */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

// CI installs Debian's ffmpeg (.ci/run), so there the video test must run; elsewhere it needs /usr/bin/ffmpeg.
const videoRecordable = process.env.CI === 'true' || existsSync(systemFfmpegPath()) || existsSync(expectedFfmpegPath());
if (!videoRecordable) {
  console.warn(`SKIPPING the video recording test: no ffmpeg at ${systemFfmpegPath()} (apt-get install ffmpeg) nor at ${expectedFfmpegPath()}.`);
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

// Each run launches Chromium; a loaded machine needs more than the default 20 s for the longer cases.
describe('runs in real Chromium', { timeout: 60_000 }, () => {
  let t: TestServer;
  let pages: PageServer;
  let token: string;

  beforeAll(async () => {
    const servers = await startRunServers(['STUDIO'], { browserPoolSize: 1 });
    ({ t, pages, token } = servers);
    return servers.close;
  });

  const run = async (document: Record<string, unknown>) => {
    const statusId = await trigger(t, token, await saveCollection(t, token, document));
    return waitForRun(t, token, statusId);
  };

  it('runs a passing two-flow collection with init and post flows, variables and every browser action', async () => {
    const details = await run(
      browserCollection({
        init: [{ testCaseId: 'setup', steps: [{ stepId: 'v1', action: 'setVariable', target: 'who', value: 'Ada' }] }],
        flows: [
          {
            testCaseId: 'fill-form',
            loop: 2,
            steps: [
              { stepId: 'f1', action: 'open', value: `${pages.origin}/form` },
              { stepId: 'f2', action: 'assertTitle', value: 'Form Page' },
              { stepId: 'f3', action: 'type', target: '#name', value: '${who}' },
              { stepId: 'f4', action: 'select', target: '#color', value: 'blue' },
              { stepId: 'f5', action: 'check', target: '#agree' },
              { stepId: 'f6', action: 'click', target: 'text=Go' },
              { stepId: 'f7', action: 'assertText', target: '#out', value: 'Hello Ada blue agreed' },
              { stepId: 'f8', action: 'press', target: '#name', value: 'End' },
              { stepId: 'f9', action: 'screenshot' },
            ],
          },
          {
            testCaseId: 'list',
            steps: [
              { stepId: 'l1', action: 'click', target: 'text=To the list' },
              { stepId: 'l2', action: 'waitFor', target: 'li' },
              { stepId: 'l3', action: 'assertUrl', value: '/list' },
              { stepId: 'l4', action: 'assertVisible', target: 'text=Two' },
              { stepId: 'l5', action: 'httpRequest', target: `GET ${pages.origin}/api/ping` },
            ],
          },
        ],
        post: [{ testCaseId: 'teardown', steps: [{ stepId: 'p1', action: 'assertText', target: 'li', value: 'One' }] }],
      }),
    );
    expect(details.testStatus).toBe('PASSED');
    expect(details.testCaseDetails.map((c) => [c.testCaseName, c.testCaseType, c.testCaseResult, c.loop])).toEqual([
      ['setup', 'PRE_FLOW', 'PASSED', 1],
      ['fill-form', 'FLOW', 'PASSED', 2],
      ['list', 'FLOW', 'PASSED', 1],
      ['teardown', 'POST_FLOW', 'PASSED', 1],
    ]);
    const form = details.testCaseDetails[1];
    expect(form?.testCaseDetailByLoop.map((loop) => loop.steps.length)).toEqual([9, 9]);
    expect(form?.captureScreenshotSteps).toHaveLength(2);
    const http = details.testCaseDetails[2]?.testCaseDetailByLoop[0]?.steps[4];
    expect(http?.validationResult).toBe('HTTP 200 OK');
    expect(http?.attachments).toHaveLength(1);
    const attachment = await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(http?.attachments[0]?.path ?? '')}`, {
      token,
    });
    expect(await attachment.text()).toContain('{"pong":true}');
    expect(details.progress).toMatchObject({ totalProgress: 100, caseProgress: 100, passedSteps: 25, failedSteps: 0, passedCases: 4 });
    expect(details.progress.currentStatus.cumulativeStepMax).toBe(25);
    expect(await deviceInUse(t, BROWSER)).toBe(false);

    const tab = await t.request(endpoints.runs.runningTabData, { token });
    const status = runningTabDataResponseSchema.parse(await tab.json()).data;
    expect(status.runningTestStatus).toEqual([]);
    expect(status.lastExecutedTestStates[0]).toMatchObject({
      testStatusId: details.statusId,
      testStatus: 'PASSED',
      totalTestCases: 4,
      passed: 4,
      failed: 0,
      failedCases: [],
    });
    const again = await t.request(endpoints.runs.runningTabData, { token, headers: { 'if-none-match': tab.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);

    const report = await t.request(`${endpoints.runs.report(details.statusId)}?timezone=Asia/Tokyo`, { token });
    expect(report.headers.get('content-type')).toContain('text/html');
    const html = await report.text();
    expect(html).toContain(details.testSuiteName);
    expect(html).toContain('data:image/png;base64,');
    expect(html).toMatch(/GMT\+9|JST/);
  });

  it('fails a wrong assertion with the failed step, its error, a screenshot; a missing element skips the rest of its flow only', async () => {
    const details = await run(
      browserCollection({
        flows: [
          {
            testCaseId: 'wrong-assertion',
            steps: [
              { stepId: 'w1', action: 'open', value: `${pages.origin}/list` },
              { stepId: 'w2', stepName: 'The list shows Three', action: 'assertText', target: 'li', value: 'Three', timeoutMs: 300 },
              { stepId: 'w3', action: 'click', target: 'li' },
            ],
          },
          {
            testCaseId: 'missing-element',
            loop: 3,
            steps: [
              { stepId: 'm1', action: 'click', target: '#does-not-exist', timeoutMs: 300 },
              { stepId: 'm2', action: 'open', value: `${pages.origin}/form` },
            ],
          },
          {
            testCaseId: 'broken-api',
            steps: [{ stepId: 'h1', action: 'httpRequest', target: `POST ${pages.origin}/api/broken`, value: '{}' }],
          },
          { testCaseId: 'still-runs', steps: [{ stepId: 'n1', action: 'open', value: `${pages.origin}/form` }] },
        ],
      }),
    );
    expect(details.testStatus).toBe('FAILED');
    const [wrong, missing, broken, next] = details.testCaseDetails;
    const failedStep = wrong?.testCaseDetailByLoop[0]?.steps[1];
    expect(wrong?.failedTestStep).toBe('w2');
    expect(failedStep?.result).toBe('FAILED');
    expect(failedStep?.errorDetail).toBe('Assertion failed: expected the text of "li" to contain "Three"; found "One" (the first of 2 matching elements)');
    expect(failedStep?.validationResult).toBe('Expected the text of "li" containing "Three"; found "One" (the first of 2 matching elements)');
    expect(wrong?.testCaseDetailByLoop[0]?.steps[2]?.result).toBe('SKIPPED');
    const screenshot = await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(failedStep?.images[0]?.path ?? '')}`, {
      token,
    });
    expect(screenshot.status).toBe(200);
    expect(screenshot.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await screenshot.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);

    expect(missing?.testCaseDetailByLoop[0]?.steps.map((s) => [s.result, s.errorDetail])).toEqual([
      ['FAILED', 'Could not click "#does-not-exist"; found no matching element (waited 300 ms)'],
      ['SKIPPED', 'Skipped: an earlier step of this flow failed'],
    ]);
    const httpStep = broken?.testCaseDetailByLoop[0]?.steps[0];
    expect([httpStep?.result, httpStep?.validationResult, httpStep?.attachments.length]).toEqual([
      'FAILED',
      'HTTP 500 Internal Server Error',
      1,
    ]);
    expect(next?.testCaseResult).toBe('PASSED');
    expect(missing?.testCaseDetailByLoop).toHaveLength(1);
    const logs = details.logsList.map((line) => line.value);
    expect(logs).toContain('missing-element: loops 2 to 3 not run after the failure');
    expect(logs.some((line) => line.startsWith('Step m1 "m1" of missing-element failed: Could not click "#does-not-exist"'))).toBe(true);

    const tab = runningTabDataResponseSchema.parse(await (await t.request(endpoints.runs.runningTabData, { token })).json());
    expect(tab.data.lastExecutedTestStates[0]).toMatchObject({
      testStatus: 'FAILED',
      isFailed: true,
      passed: 1,
      failed: 3,
      failedCases: [
        { testCaseName: 'wrong-assertion', testStepIdFailed: 'w2', testStepNameFailed: 'The list shows Three' },
        { testCaseName: 'missing-element', testStepIdFailed: 'm1', testStepNameFailed: 'm1' },
        { testCaseName: 'broken-api', testStepIdFailed: 'h1', testStepNameFailed: 'h1' },
      ],
    });
  });

  it('follows nextOnPass / nextOnFail in BRANCHING and shuffles RANDOM with a logged seed', async () => {
    const ok = { stepId: 'ok', action: 'setVariable', target: 'x', value: '1' };
    const bad = { stepId: 'bad', action: 'assertTitle', value: 'no such title', timeoutMs: 50 };
    const branching = await run(
      browserCollection({
        executionType: 'BRANCHING',
        flows: [
          { testCaseId: 'start', steps: [ok], nextOnPass: 'check' },
          { testCaseId: 'never', steps: [ok] },
          { testCaseId: 'check', steps: [bad], nextOnPass: 'never', nextOnFail: 'recover' },
          { testCaseId: 'recover', steps: [ok] },
        ],
      }),
    );
    expect(branching.testCaseDetails.map((c) => c.testCaseName)).toEqual(['start', 'check', 'recover']);

    const names = Array.from({ length: 8 }, (_, i) => `flow-${i}`);
    const random = await run(
      browserCollection({ executionType: 'RANDOM', flows: names.map((testCaseId) => ({ testCaseId, steps: [ok] })) }),
    );
    const order = random.testCaseDetails.map((c) => c.testCaseName);
    expect([...order].sort()).toEqual(names);
    expect(random.logsList.some((line) => /^Random flow order, seed \d+$/.test(line.value))).toBe(true);
  });

  it('queues more runs than resources: all complete, one at a time, in trigger order', async () => {
    const slow = browserCollection({
      flows: [{ testCaseId: 'wait', steps: [{ stepId: 'w', action: 'waitFor', target: '#never', timeoutMs: 400 }] }],
    });
    const id = await saveCollection(t, token, slow);
    const statusIds = [await trigger(t, token, id), await trigger(t, token, id), await trigger(t, token, id)];
    const queue = queuedTestsResponseSchema.parse(await (await t.request(endpoints.runs.queued, { token })).json());
    expect(queue.data.map((q) => q.id)).toEqual(statusIds.slice(queue.data.length === 3 ? 0 : 1));
    const runs = [];
    for (const statusId of statusIds) runs.push(await waitForRun(t, token, statusId));
    expect(runs.map((r) => r.testStatus)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    for (const [index, current] of runs.entries()) {
      const previous = runs[index - 1];
      if (previous) expect(Date.parse(current.timeStarted ?? '')).toBeGreaterThanOrEqual(Date.parse(previous.timeCompleted ?? ''));
      expect(current.devices).toEqual([BROWSER]);
    }
    expect(await deviceInUse(t, BROWSER)).toBe(false);
  });

  it('cancels a running collection (browser closed, resource freed) and queued ones', async () => {
    const id = await saveCollection(
      t,
      token,
      browserCollection({
        flows: [{ testCaseId: 'long', steps: [{ stepId: 'l', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }],
      }),
    );
    const running = await trigger(t, token, id);
    const queued = [await trigger(t, token, id), await trigger(t, token, id), await trigger(t, token, id)];
    await waitForRun(t, token, running, (d) => d.testStatus === 'RUNNING' && d.progress.currentStatus.stepIndexCurrent === 1);
    expect(await deviceInUse(t, BROWSER)).toBe(true);
    const sidebar = runningTabDataResponseSchema.parse(await (await t.request(endpoints.runs.runningTabData, { token })).json());
    expect(sidebar.data.runningTestStatus.map((r) => [r.statusId, r.result])).toEqual([
      [running, 'RUNNING'],
      ...queued.map((statusId) => [statusId, 'QUEUED']),
    ]);
    expect(sidebar.data.runningTestStatus[0]).toMatchObject({
      displayDevices: 'Browser 1',
      devices: [BROWSER],
      caseProgress: 0,
      caseProgress1: '0/1',
      stepProgress: 0,
      stepProgress1: '0/1',
      totalProgress: 0,
      currentStatus: {
        CurrentTestCasesName: 'long',
        caseIndexCurrent: 1,
        caseIndexMax: 1,
        caseLoopCurrent: 1,
        caseLoopMax: 1,
        stepIndexCurrent: 1,
        stepIndexMax: 1,
        cumulativeStepCurrent: 1,
        cumulativeStepMax: 1,
      },
    });

    const cancelQueued = (body: string) =>
      t.request(endpoints.runs.cancelQueued, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const one = await cancelQueued(`statusIds=${queued[0]}`);
    expect(messageResponseSchema.parse(await one.json()).message).toBe(RUN_MESSAGES.queuedCancelled);
    const all = await cancelQueued(`statusIds=${queued[1]},${queued[2]}`);
    expect(messageResponseSchema.parse(await all.json()).message).toBe(RUN_MESSAGES.allQueuedCancelled);
    const none = await cancelQueued(`statusIds=${queued[1]}`);
    expect(none.status).toBe(404);
    for (const statusId of queued) expect((await runDetails(t, token, statusId)).testStatus).toBe('CANCELLED');

    const started = Date.now();
    const stop = await t.request(`${endpoints.runs.cancelRunning}?statusId=${running}`, { method: 'POST', token });
    expect(messageResponseSchema.parse(await stop.json()).message).toBe(`The execution of collection id ${running} was stopped!`);
    expect(Date.now() - started).toBeLessThan(10_000);
    const details = await runDetails(t, token, running);
    expect(details.testStatus).toBe('CANCELLED');
    expect(details.cancelledBy).toMatch(/@example\.test$/);
    expect(await deviceInUse(t, BROWSER)).toBe(false);

    const again = await t.request(`${endpoints.runs.cancelRunning}?statusId=${running}`, { method: 'POST', token });
    expect(again.status).toBe(409);
    expect(errorBodySchema.parse(await again.json()).message).toBe('The run already ended (CANCELLED).');
  });

  it('releases a busy device: its run is ABORTED and the device is free', async () => {
    const id = await saveCollection(
      t,
      token,
      browserCollection({
        flows: [{ testCaseId: 'long', steps: [{ stepId: 'l', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }],
      }),
    );
    const manager = await t.tokenFor(await t.createUser(['ORGANIZATIONS_MANAGEMENT']));
    const release = () =>
      t.request(`${endpoints.runs.releaseDevice}?deviceId=${BROWSER}`, {
        method: 'POST',
        token: manager,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'deviceType=BROWSER',
      });
    const statusId = await trigger(t, token, id);
    await waitForRun(t, token, statusId, (d) => d.testStatus === 'RUNNING');
    const released = await release();
    expect(messageResponseSchema.parse(await released.json()).message).toBe('Device successfully released');
    expect((await runDetails(t, token, statusId)).testStatus).toBe('ABORTED');
    expect(await deviceInUse(t, BROWSER)).toBe(false);
    const notBusy = await release();
    expect(notBusy.status).toBe(409);
    expect((await t.request(`${endpoints.runs.releaseDevice}?deviceId=nope`, { method: 'POST', token: manager })).status).toBe(404);
  });

  it.skipIf(!videoRecordable)('records a real .webm video of a run with Video checked, listed and downloadable with the token', async () => {
    const details = await run(
      browserCollection({
        video: true,
        flows: [{ testCaseId: 'v', steps: [{ stepId: 'v1', action: 'open', value: `${pages.origin}/list` }] }],
      }),
    );
    expect(details.testStatus).toBe('PASSED');
    expect(details.progress.videoMessage).toBeUndefined();
    expect(details.attachments).toEqual([{ path: `${details.statusId}/0001-video.webm`, name: '0001-video.webm' }]);
    const download = await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(details.attachments[0]?.path ?? '')}`, {
      token,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/webm');
    const video = new Uint8Array(await download.arrayBuffer());
    expect(video.length).toBeGreaterThan(EBML_MAGIC.length);
    expect([...video.subarray(0, EBML_MAGIC.length)]).toEqual(EBML_MAGIC);
    const html = await (await t.request(endpoints.runs.report(details.statusId), { token })).text();
    expect(html).toContain(details.attachments[0]?.name);
  });

  it('says clearly in the run why video cannot be recorded when no ffmpeg can be set up', async () => {
    const saved = { browsers: process.env.PLAYWRIGHT_BROWSERS_PATH, ffmpeg: process.env.FFMPEG_PATH };
    const emptyRegistry = mkdtempSync(join(tmpdir(), 'no-ffmpeg-'));
    // Where the check looks (an empty registry) and the system ffmpeg it would link (none): the run must say so.
    process.env.PLAYWRIGHT_BROWSERS_PATH = emptyRegistry;
    process.env.FFMPEG_PATH = join(emptyRegistry, 'no-ffmpeg');
    try {
      const details = await run(
        browserCollection({
          video: true,
          flows: [{ testCaseId: 'v', steps: [{ stepId: 'v1', action: 'open', value: `${pages.origin}/list` }] }],
        }),
      );
      expect(details.testStatus).toBe('PASSED');
      const message = RUN_MESSAGES.videoUnavailable(
        `ffmpeg is missing at ${expectedFfmpegPath()} and there is no executable ffmpeg at ${process.env.FFMPEG_PATH} to link there (install it: apt-get install ffmpeg)`,
      );
      expect(details.progress.videoMessage).toBe(message);
      expect(details.logsList.map((line) => line.value)).toContain(`${message}. The run goes on without video.`);
      expect(details.attachments).toEqual([]);
    } finally {
      restoreEnv('PLAYWRIGHT_BROWSERS_PATH', saved.browsers);
      restoreEnv('FFMPEG_PATH', saved.ffmpeg);
      rmSync(emptyRegistry, { recursive: true, force: true });
    }
  });

  it('keeps a HYBRID run queued, listed, and cancellable while no resource is free', async () => {
    // A HYBRID run takes any free gateway agent or browser (issue 18): with every resource busy it waits.
    const { db } = t.server.services;
    await db.updateTable('resources').set({ device_in_use: 1 }).execute();
    try {
      const id = await saveCollection(t, token, { ...browserCollection({ flows: [] }), deviceType: 'HYBRID' });
      const statusId = await trigger(t, token, id);
      await t.server.services.runs.dispatch();
      const tab = runningTabDataResponseSchema.parse(await (await t.request(endpoints.runs.runningTabData, { token })).json());
      expect(tab.data.runningTestStatus).toEqual([
        expect.objectContaining({ statusId, result: 'QUEUED', displayDevices: 'Any free HYBRID resource', devices: [], totalProgress: 0 }),
      ]);
      const queue = queuedTestsResponseSchema.parse(await (await t.request(endpoints.runs.queued, { token })).json());
      expect(queue.data).toEqual([{ id: statusId, testSuiteName: expect.any(String), devices: [], timeTriggered: expect.any(String) }]);
      const stop = await t.request(`${endpoints.runs.cancelRunning}?statusId=${statusId}`, { method: 'POST', token });
      expect(messageResponseSchema.parse(await stop.json()).message).toBe(RUN_MESSAGES.stopped(statusId));
      expect((await runDetails(t, token, statusId)).testStatus).toBe('CANCELLED');
    } finally {
      await db.updateTable('resources').set({ device_in_use: 0 }).execute();
    }
  });

  it('searches the history and builds one HTML report or a zip of several', async () => {
    const search = async (query: object) =>
      runSearchResponseSchema.parse(
        await (await t.request(`${endpoints.runs.search}?data=${encodeURIComponent(JSON.stringify(query))}`, { token })).json(),
      ).data;
    const passed = await search({ status: 'PASSED', deviceId: BROWSER });
    expect(passed.length).toBeGreaterThanOrEqual(2);
    expect(passed.every((summary) => summary.testStatus === 'PASSED' && summary.devices.includes(BROWSER))).toBe(true);
    expect(await search({ deviceId: 'browser-9' })).toEqual([]);
    expect(await search({ dateStart: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    const [first, second] = passed.map((summary) => summary.statusId);

    const one = await t.request(`${endpoints.runs.scheduleReport}?timezone=UTC&statusIds=${first}`, { token });
    expect(one.headers.get('content-type')).toContain('text/html');
    expect(await one.text()).toContain(first);
    const both = await t.request(`${endpoints.runs.scheduleReport}?timezone=UTC&statusIds=${first},${second}`, { token });
    expect(both.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await both.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toEqual([expect.stringMatching(new RegExp(`-${first}\\.html$`)), expect.stringMatching(new RegExp(`-${second}\\.html$`))]);
    expect(strFromU8(files[names[1] ?? ''] ?? new Uint8Array())).toContain(second);
    expect((await t.request(`${endpoints.runs.scheduleReport}?statusIds=${first},nope`, { token })).status).toBe(404);
  });

  it('answers unknown ids with 404 and bad input with 4xx', async () => {
    const unknown = await t.request(`${endpoints.runs.trigger}?id=no-such-collection`, { token });
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).message).toBe('Collection no-such-collection not found');
    expect((await t.request(endpoints.runs.trigger, { token })).status).toBe(400);
    expect((await t.request(`${endpoints.runs.details}?id=nope`, { token })).status).toBe(404);
    expect((await t.request(`${endpoints.runs.report('nope')}`, { token })).status).toBe(404);
    const stop = await t.request(`${endpoints.runs.cancelRunning}?statusId=nope`, { method: 'POST', token });
    expect(stop.status).toBe(404);
    expect(errorBodySchema.parse(await stop.json()).message).toBe('No collection run with status id nope.');
    const [{ statusId } = { statusId: '' }] = runSearchResponseSchema.parse(
      await (await t.request(`${endpoints.runs.search}?data=${encodeURIComponent('{"status":"PASSED"}')}`, { token })).json(),
    ).data;
    expect((await t.request(`${endpoints.runs.report(statusId)}?timezone=Mars/Base`, { token })).status).toBe(400);
    expect((await t.request(`${endpoints.runs.search}?data=not-json`, { token })).status).toBe(400);
    expect((await t.request(`${endpoints.runs.search}?data=${encodeURIComponent('{"status":"DONE"}')}`, { token })).status).toBe(400);
    for (const path of ['../studio.sqlite', '/etc/passwd', `${statusId}/../../studio.sqlite`]) {
      expect((await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(path)}`, { token })).status).toBe(400);
    }
    expect((await t.request(`${endpoints.runs.downloadFile}?path=${statusId}/missing.png`, { token })).status).toBe(404);
    const emptyCancel = await t.request(endpoints.runs.cancelQueued, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'statusIds=',
    });
    expect(emptyCancel.status).toBe(400);
  });
});
