import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/endpoints';
import { browserCollection, deviceInUse, runDetails, saveCollection, startRunServers, trigger, waitForRun, type PageServer } from '../../testing/runFixtures';
import type { TestServer } from '../../testing/testServer';

describe('runs of a collection with chosen resources (hybridDeviceIds)', { timeout: 60_000 }, () => {
  let t: TestServer;
  let pages: PageServer;
  let token: string;

  beforeAll(async () => {
    const servers = await startRunServers(['STUDIO'], { browserPoolSize: 2 });
    ({ t, pages, token } = servers);
    return servers.close;
  });

  const onBrowser2 = (flows: Parameters<typeof browserCollection>[0]['flows']) => ({
    ...browserCollection({ flows }),
    hybridDeviceIds: { 'browser-2': 'Browser 2' },
  });

  it('runs on the chosen resource, and waits for it while another resource is free', async () => {
    const holder = await trigger(
      t,
      token,
      await saveCollection(t, token, onBrowser2([{ testCaseId: 'hold', steps: [{ stepId: 'h', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }])),
    );
    // browser-1 is free and first in order: only the choice sends the run to browser-2.
    expect((await waitForRun(t, token, holder, (d) => d.testStatus === 'RUNNING')).devices).toEqual(['browser-2']);

    const waiting = await trigger(
      t,
      token,
      await saveCollection(t, token, onBrowser2([{ testCaseId: 'quick', steps: [{ stepId: 'q', action: 'open', value: `${pages.origin}/list` }] }])),
    );
    await t.server.services.runs.dispatch();
    expect((await runDetails(t, token, waiting)).testStatus).toBe('QUEUED');
    expect(await deviceInUse(t, 'browser-1')).toBe(false);

    await t.request(`${endpoints.runs.cancelRunning}?statusId=${holder}`, { method: 'POST', token });
    const done = await waitForRun(t, token, waiting);
    expect(done.testStatus).toBe('PASSED');
    expect(done.devices).toEqual(['browser-2']);
    expect(await deviceInUse(t, 'browser-2')).toBe(false);
  });
});
