import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/endpoints';
import { queuedTestsResponseSchema } from '../../shared/contracts/runs';
import {
  browserCollection,
  CHROMIUM,
  deviceInUse,
  runDetails,
  saveCollection,
  startPageServer,
  trigger,
  waitForRun,
  type PageServer,
} from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { RESTART_ABORT_LOG } from './replicas';

describe('a server stopped in the middle of a run', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-restart-test-'));
  let t: TestServer | undefined;
  let pages: PageServer | undefined;
  afterEach(async () => {
    await t?.close();
    await pages?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts again with the run ABORTED, its resource free, and the queued runs dispatched', async () => {
    pages = await startPageServer();
    const options = { dataDir, chromiumPath: CHROMIUM, browserPoolSize: 1 };
    t = await startTestServer(options);
    const user = await t.createUser(['STUDIO']);
    let token = await t.tokenFor(user);
    const slowId = await saveCollection(
      t,
      token,
      browserCollection({
        flows: [{ testCaseId: 'long', steps: [{ stepId: 'l', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }],
      }),
    );
    const quickId = await saveCollection(
      t,
      token,
      browserCollection({ flows: [{ testCaseId: 'quick', steps: [{ stepId: 'q', action: 'open', value: `${pages.origin}/list` }] }] }),
    );
    const interrupted = await trigger(t, token, slowId);
    const waiting = await trigger(t, token, quickId);
    await waitForRun(t, token, interrupted, (d) => d.testStatus === 'RUNNING' && d.progress.currentStatus.stepIndexCurrent === 1);
    expect((await runDetails(t, token, waiting)).testStatus).toBe('QUEUED');

    await t.close();
    t = await startTestServer(options);
    token = await t.tokenFor(user);

    const aborted = await runDetails(t, token, interrupted);
    expect(aborted.testStatus).toBe('ABORTED');
    expect(aborted.logsList.map((line) => line.value)).toContain(RESTART_ABORT_LOG);
    const done = await waitForRun(t, token, waiting);
    expect(done.testStatus).toBe('PASSED');
    expect(done.devices).toEqual(['browser-1']);
    expect(await deviceInUse(t, 'browser-1')).toBe(false);
    const queue = queuedTestsResponseSchema.parse(await (await t.request(endpoints.runs.queued, { token })).json());
    expect(queue.data).toEqual([]);
  });
});
