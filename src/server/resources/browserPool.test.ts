import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicesResponseSchema } from '../../shared/contracts/devices';
import { runningTabDataResponseSchema } from '../../shared/contracts/runs';
import { endpoints } from '../../shared/endpoints';
import { browserCollection, CHROMIUM, runDetails, saveCollection, startPageServer, trigger, waitForRun, type PageServer } from '../testing/runFixtures';
import { fakeExecutable, startTestServer, type TestServer } from '../testing/testServer';

/**
 * pluggedIn of the built-in browser pool follows what Chromium can do now: the executable going away or a launch
 * failing unplugs a resource, and a launch that works plugs it in again (the run service's checkBrowserPool).
 */
describe('browser pool pluggedIn', { timeout: 60_000 }, () => {
  let t: TestServer | undefined;
  let pages: PageServer | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.close();
    await pages?.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A server whose Chromium path is a symlink the test can remove or point elsewhere. */
  async function serverWithLinkedChromium(target: string) {
    const dir = mkdtempSync(join(tmpdir(), 'studio-pool-test-'));
    dirs.push(dir);
    const link = join(dir, 'chromium');
    const pointTo = (path: string | null) => {
      rmSync(link, { force: true });
      if (path) symlinkSync(path, link);
    };
    pointTo(target === 'fake' ? fakeExecutable(dir, 'not-a-browser') : target);
    t = await startTestServer({ chromiumPath: link, browserPoolSize: 1 });
    const token = await t.tokenFor(await t.createUser(['STUDIO']));
    return { server: t, token, pointTo };
  }

  const pluggedIn = async (server: TestServer, token: string) => {
    const { data } = devicesResponseSchema.parse(await (await server.request(endpoints.devices.list, { token })).json());
    return data.browserDevices.map((device) => device.pluggedIn);
  };

  it('unplugs the pool while the Chromium executable is gone and plugs it in again when it is back', async () => {
    const { server, token, pointTo } = await serverWithLinkedChromium(CHROMIUM);
    expect(await pluggedIn(server, token)).toEqual([true]);

    pointTo(null);
    await server.server.services.runs.checkBrowserPool();
    expect(await pluggedIn(server, token)).toEqual([false]);

    pointTo(CHROMIUM);
    await server.server.services.runs.checkBrowserPool();
    expect(await pluggedIn(server, token)).toEqual([true]);
  });

  it('unplugs a resource whose Chromium does not start, keeps its run queued with a hint, and runs it once Chromium works', async () => {
    pages = await startPageServer();
    const { server, token, pointTo } = await serverWithLinkedChromium('fake');
    // The warm-up launch at start fails: the executable is there, but it is no browser.
    await vi.waitFor(async () => expect(await pluggedIn(server, token)).toEqual([false]), { timeout: 20_000, interval: 50 });
    // The pool's first check relaunches it once more; its late "unplugged" must not undo the plug-in written below.
    await server.server.services.runs.checkBrowserPool();

    const collectionId = await saveCollection(
      server,
      token,
      browserCollection({ flows: [{ testCaseId: 'list', steps: [{ stepId: 'open', action: 'open', value: `${pages.origin}/list` }] }] }),
    );
    const statusId = await trigger(server, token, collectionId);
    const hint = 'No Browser resource is plugged in: the run waits in the queue until one is.';
    const tab = runningTabDataResponseSchema.parse(await (await server.request(endpoints.runs.runningTabData, { token })).json()).data;
    expect(tab.runningTestStatus).toEqual([expect.objectContaining({ statusId, result: 'QUEUED', queueHint: hint })]);
    expect((await runDetails(server, token, statusId)).logsList.map((line) => line.value)).toContain(hint);

    // A run given a resource whose launch fails goes back to the queue, and the resource is unplugged and free.
    await server.server.services.db.updateTable('resources').set({ plugged_in: 1 }).where('device_id', '=', 'browser-1').execute();
    await server.server.services.runs.dispatch();
    await waitForRun(server, token, statusId, (details) => details.logsList.some((line) => line.value.startsWith('Chromium could not be started on browser-1')));
    // Read again: one answer reads the run's state before its logs, and may hold this line with the state from before.
    expect(await runDetails(server, token, statusId)).toMatchObject({ testStatus: 'QUEUED', timeStarted: null });
    await vi.waitFor(async () => expect(await pluggedIn(server, token)).toEqual([false]), { timeout: 10_000, interval: 50 });
    const resource = await server.server.services.db.selectFrom('resources').selectAll().where('device_id', '=', 'browser-1').executeTakeFirstOrThrow();
    expect(resource.device_in_use).toBe(0);

    // Chromium works again: the next check launches it, the resource is plugged in, and the queued run passes.
    pointTo(CHROMIUM);
    await server.server.services.runs.checkBrowserPool();
    const finished = await waitForRun(server, token, statusId, undefined, 30_000);
    expect(finished.testStatus).toBe('PASSED');
    expect(finished.displayDevices).toBe('Browser 1');
    expect(await pluggedIn(server, token)).toEqual([true]);
  });

  it('says why a HYBRID run waits when no resource it may take (an agent or a browser) is registered', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const token = await t.tokenFor(await t.createUser(['STUDIO']));
    const collectionId = await saveCollection(t, token, { ...browserCollection({ flows: [] }), deviceType: 'HYBRID' });
    const statusId = await trigger(t, token, collectionId);
    const hint = 'No Mobile, Desktop or Browser resource is registered: the run waits in the queue until one is.';
    const tab = runningTabDataResponseSchema.parse(await (await t.request(endpoints.runs.runningTabData, { token })).json()).data;
    expect(tab.runningTestStatus).toEqual([expect.objectContaining({ statusId, result: 'QUEUED', queueHint: hint })]);
    const details = await runDetails(t, token, statusId);
    expect(details.testStatus).toBe('QUEUED');
    expect(details.logsList.map((line) => line.value)).toContain(hint);
  });
});
