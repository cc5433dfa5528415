import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { DOWNLOAD_LINK_EXPIRED_MESSAGE } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { tokenInAnotherOrganization } from '../../testing/otherOrganization';
import { fixedWaitBrowserWork } from '../../testing/fixedWaitBrowserWork';
import { browserCollection, saveCollection, trigger, waitForRun } from '../../testing/runFixtures';
import { startTestServer, type TestServer, type TestUser } from '../../testing/testServer';
import { ARTIFACTS_FOLDER } from '../artifacts';
import { DOWNLOAD_TOKEN_TTL_SECONDS } from '../downloadTokens';

/** A video of a few megabytes: the link must stream it whole. */
const VIDEO = randomBytes(3 * 1024 * 1024 + 17);

describe('download links: POST files/postDownloadForId?data and GET files/downloadByToken', () => {
  let t: TestServer;
  let tester: TestUser;
  let token: string;
  let statusId: string;
  let videoPath: string;
  let finishedRun: Promise<void> | undefined;

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 1, browserWork: fixedWaitBrowserWork(0) });
  });
  afterAll(async () => t.close());

  /** A finished run with a video among its files, made once by whichever test comes first. */
  async function runWithVideo(): Promise<void> {
    finishedRun ??= (async () => {
      tester = await t.createUser(['STUDIO']);
      token = await t.tokenFor(tester);
      const collectionId = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }));
      statusId = (await waitForRun(t, token, await trigger(t, token, collectionId))).statusId;
      // Where the executor keeps a run's files: <files>/artifacts/<statusId>/.
      mkdirSync(join(t.dataDir, ARTIFACTS_FOLDER, statusId), { recursive: true });
      writeFileSync(join(t.dataDir, ARTIFACTS_FOLDER, statusId, '0001-page.webm'), VIDEO);
      videoPath = `${statusId}/0001-page.webm`;
    })();
    await finishedRun;
  }

  const askLink = (data: string, as = token) =>
    t.request(`${endpoints.runs.postDownloadForId}?${new URLSearchParams({ data })}`, { method: 'POST', token: as });
  async function linkTo(path: string, as = token): Promise<string> {
    const response = await askLink(JSON.stringify({ path }), as);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return response.text();
  }
  const download = (query: Record<string, string>, init: RequestInit & { token?: string } = {}) =>
    t.request(`${endpoints.runs.downloadByToken}?${new URLSearchParams(query)}`, init);
  async function expired(response: Response): Promise<void> {
    expect(response.status).toBe(401);
    expect(errorBodySchema.parse(await response.json()).message).toBe(DOWNLOAD_LINK_EXPIRED_MESSAGE);
  }

  it('answers a token as text that downloads the file whole, as an attachment, without a bearer header', async () => {
    await runWithVideo();
    const link = await linkTo(videoPath);
    const response = await download({ token: link, id: statusId, filename: 'Checkout run – video.webm' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(response.headers.get('content-length')).toBe(String(VIDEO.byteLength));
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Checkout run _ video.webm"; filename*=UTF-8''${encodeURIComponent('Checkout run – video.webm')}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.from(await response.arrayBuffer()).equals(VIDEO)).toBe(true);
    // Without a name the file keeps its own.
    const plain = await download({ token: await linkTo(videoPath), id: statusId });
    expect(plain.headers.get('content-disposition')).toContain('filename="0001-page.webm"');
    await plain.arrayBuffer();
  });

  it('refuses a link for another run, a tampered or expired token, and an access token in its place', async () => {
    await runWithVideo();
    const link = await linkTo(videoPath);
    await expired(await download({ token: link, id: 'another-run' }));
    await expired(await download({ token: `${link.slice(0, -2)}xx`, id: statusId }));
    await expired(await download({ token, id: statusId }));
    const claims = { sub: tester.id, sid: 'unused', org: 'unused', id: statusId, path: videoPath };
    const old = await t.server.services.downloadTokens.sign(claims, Math.floor(Date.now() / 1000) - DOWNLOAD_TOKEN_TTL_SECONDS - 1);
    await expired(await download({ token: old, id: statusId }));
    // Nor is a download token an access token.
    expect((await t.request(`${endpoints.runs.details}?id=${statusId}`, { token: link })).status).toBe(401);
  });

  it('ends the link with the session and with the permission', async () => {
    await runWithVideo();
    const user = await t.createUser(['OPERATIONS_CENTER']);
    const own = await t.tokenFor(user);
    const beforeLogout = await linkTo(videoPath, own);
    expect((await t.request(endpoints.auth.logout, { token: own })).status).toBe(200);
    await expired(await download({ token: beforeLogout, id: statusId }));

    const other = await t.createUser(['STUDIO']);
    const otherToken = await t.tokenFor(other);
    const beforeRevoke = await linkTo(videoPath, otherToken);
    await t.server.services.db.updateTable('users').set({ features: JSON.stringify(['DASHBOARD_MANAGEMENT']) }).where('id', '=', other.id).execute();
    await expired(await download({ token: beforeRevoke, id: statusId }));
  });

  it('validates data and keeps files inside the organization’s runs, never answering 500', async () => {
    await runWithVideo();
    const cases: [string, number][] = [
      ['not json', 400],
      [JSON.stringify({}), 400],
      [JSON.stringify({ path: '' }), 400],
      [JSON.stringify({ path: `${statusId}/../../studio.sqlite` }), 400],
      [JSON.stringify({ path: '/etc/passwd' }), 400],
      [JSON.stringify({ path: `${statusId}/missing.png` }), 404],
      [JSON.stringify({ path: 'no-such-run/0001-page.webm' }), 404],
    ];
    for (const [data, status] of cases) {
      const response = await askLink(data);
      expect(response.status, data).toBe(status);
      expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
    }
    expect((await askLink(JSON.stringify({ path: videoPath }), await tokenInAnotherOrganization(t, ['STUDIO']))).status).toBe(404);
    expect((await t.request(`${endpoints.runs.postDownloadForId}?data=x`, { method: 'POST' })).status).toBe(401);
    expect((await download({ token: 'x', id: '' })).status).toBe(400);
  });
});
