import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/endpoints';
import { fixedWaitBrowserWork } from '../testing/fixedWaitBrowserWork';
import { browserCollection, deviceInUse, runDetails, saveCollection, trigger, waitForRun } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { listLogs, listStepResults } from './repository';

describe('browser work replaced (the dispatch bench seam)', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('queues, dispatches, records and finishes runs as real ones, on a pool whose Chromium is never started', async () => {
    // The fake executable keeps the pool plugged in only while nothing tries to launch it.
    t = await startTestServer({ browserPoolSize: 1, browserWork: fixedWaitBrowserWork(300) });
    const user = await t.createUser(['STUDIO']);
    const token = await t.tokenFor(user);
    const collectionId = await saveCollection(
      t,
      token,
      browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's1', action: 'open', value: 'about:blank' }, { stepId: 's2', action: 'click', target: '#x' }] }] }),
    );
    const [first, second] = [await trigger(t, token, collectionId), await trigger(t, token, collectionId)];

    const done = await waitForRun(t, token, second);
    expect(done.testStatus).toBe('PASSED');
    expect((await runDetails(t, token, first)).testStatus).toBe('PASSED');
    expect(done.progress.totalProgress).toBe(100);
    const { db } = t.server.services;
    expect((await listStepResults(db, second)).map((step) => [step.step_id, step.result])).toEqual([
      ['s1', 'PASSED'],
      ['s2', 'PASSED'],
    ]);
    expect((await listLogs(db, second)).map((line) => line.value)).toEqual([`Queued by ${user.email}`, 'Started on browser-1', 'f: loop 1 of 1', 'Finished: PASSED']);

    const stopped = await trigger(t, token, collectionId);
    await waitForRun(t, token, stopped, (details) => details.testStatus === 'RUNNING');
    const cancel = await t.request(`${endpoints.runs.cancelRunning}?statusId=${stopped}`, { method: 'POST', token });
    expect(cancel.status).toBe(200);
    expect((await runDetails(t, token, stopped)).testStatus).toBe('CANCELLED');
    expect(await deviceInUse(t, 'browser-1')).toBe(false);
  });
});
