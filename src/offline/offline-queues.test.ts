import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { authBackend } from '../../tests/msw/auth-backend';
import { server } from '../../tests/msw/server';
import { makeAccessToken } from '../../tests/msw/factories';
import { refreshTokens } from '../lib/api-client';
import { clearSession, getSession, setSession, type Session } from '../lib/session';
import { configureAppOfflineQueues } from './app-queue-options';
import type { OfflineDb, OutboxEntry, UploadItem } from './db';
import { ensureAppOfflineQueues, startOfflineQueues, type OfflineQueues, type OfflineQueuesOptions } from './offline-queues';
import type { OfflineMutation } from './outbox';
import { setWorkWaitingForSignIn, useWorkWaitingForSignIn } from './sign-in-needed';
import type { UploadTransport } from './uploads';
import type { WakeClock } from './wake';

withCloneableBlobs();

const idleClock: WakeClock = { now: () => 0, setInterval: () => 0, clearInterval: () => undefined };

const sessionOf = (userId: string): Session => ({ token: makeAccessToken({ sub: userId }), refreshToken: `refresh-${userId}`, userId });

/** A rename that reaches the "server" only while `network.up`, recording what it sent and for whom. */
function recordingRename(network: { up: boolean }) {
  const sent: string[] = [];
  const rename: OfflineMutation<{ id: string; name: string }, null> = {
    mutationKey: ['test', 'rename'],
    scope: ({ id }) => id,
    describe: ({ name }) => `Resource '${name}'`,
    send: async ({ name }) => {
      if (!network.up) throw new TypeError('Failed to fetch');
      sent.push(name);
      return null;
    },
  };
  return { sent, rename };
}

function queuedUpload(userId: string): UploadItem {
  return {
    id: `upload-${userId}`,
    url: '/import',
    file: new Blob(['x']),
    fileName: 'suite.bin',
    fileField: 'file',
    fields: {},
    idempotencyKey: `key-${userId}`,
    attempts: 0,
    nextAttemptAt: 0,
    status: 'queued',
    progress: 1,
    createdAt: 1,
    userId,
  };
}

describe('startOfflineQueues', () => {
  const uploadedFiles: string[] = [];
  const uploaded: UploadTransport = async (parts) => {
    uploadedFiles.push(parts.fileName);
    return { status: 200, body: {} };
  };
  let harness = createOfflineDbHarness();
  let queues: OfflineQueues | null = null;
  let db: OfflineDb;
  const start = (options: Partial<OfflineQueuesOptions> = {}) => {
    queues?.stop();
    queues = startOfflineQueues({ queryClient: new QueryClient(), db, gate: { locks: null }, triggers: { clock: idleClock }, uploads: { transport: uploaded }, ...options });
    return queues;
  };
  beforeEach(() => {
    harness = createOfflineDbHarness();
    db = harness.open();
  });
  afterEach(() => {
    queues?.stop();
    queues = null;
    harness.closeAll();
    setWorkWaitingForSignIn(null);
  });

  it('replays what a previous page left when the network comes back', async () => {
    setSession(sessionOf('u'));
    const network = { up: false };
    const { sent, rename } = recordingRename(network);
    await start({ mutations: [rename] }).outbox.submit(rename.mutationKey, { id: 'd1', name: 'kept from before' });

    start({ mutations: [rename] });
    network.up = true;
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => sent).toEqual(['kept from before']);
    expect(await db.outbox.count()).toBe(0);
  });

  it("stamps each change with its user and replays it only in that user's session, never under another user's", async () => {
    setSession(sessionOf('ann'));
    const network = { up: false };
    const { sent, rename } = recordingRename(network);
    const { outbox } = start({ mutations: [rename] });
    await outbox.submit(rename.mutationKey, { id: 'd1', name: "Ann's phone" });
    await db.uploads.add(queuedUpload('ann'));
    expect(await db.outbox.toArray()).toMatchObject([{ userId: 'ann', record: 'd1', label: "Resource 'Ann's phone'" }]);

    // Ann signs out; Bob signs in on the same browser, online: Ann's change and upload wait for her.
    clearSession();
    network.up = true;
    setSession(sessionOf('bob'));
    await queues?.drainAll();
    expect(sent).toEqual([]);
    expect(await outbox.entries()).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.uploads.get('upload-ann')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(uploadedFiles).toEqual([]);

    await outbox.submit(rename.mutationKey, { id: 'd2', name: "Bob's phone" });
    expect(sent).toEqual(["Bob's phone"]);

    // Ann back: her change goes out under her session.
    setSession(sessionOf('ann'));
    await expect.poll(() => sent).toEqual(["Bob's phone", "Ann's phone"]);
    await expect.poll(async () => (await db.uploads.get('upload-ann'))?.status).toBe('completed');
  });

  it('pauses on a refused refresh, tells the sign-in page what waits, and replays after the user signs in again', async () => {
    const ann = authBackend.addUser();
    setSession(authBackend.issueSession(ann, { expiredAccessToken: true }));
    const network = { up: false };
    const { sent, rename } = recordingRename(network);
    // While "offline" the token refresh fails like a dead network too.
    server.use(http.all('*', () => (network.up ? undefined : HttpResponse.error())));
    const { outbox, gate } = start({ mutations: [rename] });
    await db.uploads.add(queuedUpload(ann.id));
    await db.uploads.add(queuedUpload('someone-else'));
    const waiting = renderHook(() => useWorkWaitingForSignIn());

    // Offline, the expired token cannot be renewed yet: the change waits, nothing is paused.
    await outbox.submit(rename.mutationKey, { id: 'd1', name: 'first' });
    await outbox.submit(rename.mutationKey, { id: 'd2', name: 'second' });
    expect(gate.isSignInNeeded()).toBe(false);

    // Back online, the refresh token was revoked meanwhile: the queues pause, and keep every item.
    authBackend.revoke(ann.id);
    network.up = true;
    // A refresh tried while offline (by the transfers' drain) may still be out: its failure only postpones, so flush
    // until the refusal of a refresh sent online comes.
    await expect.poll(() => outbox.flush()).toBe('paused');
    expect(gate.pausedFor()).toBe(ann.id);
    await expect.poll(() => waiting.result.current).toEqual({ changes: 2, transfers: 1 });
    expect(sent).toEqual([]);
    expect(await db.outbox.count()).toBe(2);

    setSession(authBackend.issueSession(ann));
    await expect.poll(() => sent).toEqual(['first', 'second']);
    expect(gate.isSignInNeeded()).toBe(false);
    expect(waiting.result.current).toBeNull();
  });

  it("tells the sign-in page what waits when a page's request met the refusal first and the session was gone before the drain", async () => {
    const ann = authBackend.addUser();
    setSession(authBackend.issueSession(ann, { expiredAccessToken: true }));
    const network = { up: false };
    const { rename } = recordingRename(network);
    const { outbox, gate } = start({ mutations: [rename] });
    await outbox.submit(rename.mutationKey, { id: 'd1', name: 'kept' });
    const waiting = renderHook(() => useWorkWaitingForSignIn());

    // A query refetched on reconnect refreshes first and is refused: the api-client ends the session.
    authBackend.revoke(ann.id);
    await expect(refreshTokens(getSession()?.token)).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();

    network.up = true;
    expect(await outbox.flush()).toBe('paused');
    expect(gate.pausedFor()).toBe(ann.id);
    await expect.poll(() => waiting.result.current).toEqual({ changes: 1, transfers: 0 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('does not drain again on a token refresh, which would loop when every new token is already due for renewal', async () => {
    // A device clock running 14 minutes ahead sees each new 15-minute token within the drain margin, so every drain
    // refreshes it, and each refresh rewrites the session.
    const clockAheadMs = 14 * 60_000;
    const session = (): Session => ({ token: makeAccessToken({ sub: 'u', expiresInSeconds: 900 }), refreshToken: 'r', userId: 'u' });
    setSession(session());
    let refreshes = 0;
    const refresh = async () => {
      refreshes += 1;
      const renewed = session();
      setSession(renewed);
      return renewed.token;
    };
    start({ gate: { locks: null, refresh, now: () => Date.now() + clockAheadMs } });
    // The start's one drain of each queue, each renewing the token; the renewed sessions start no further drains.
    await expect.poll(() => refreshes).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(refreshes).toBe(3);
  });

  it('holds back a waiting change until its feature registers the mutation, then replays it', async () => {
    setSession(sessionOf('u'));
    const sent: string[] = [];
    const label: OfflineMutation<{ runId: string; labelId: string }, null> = {
      mutationKey: ['test', 'label'],
      scope: ({ runId }) => runId,
      describe: ({ labelId }) => labelId,
      send: async ({ labelId }) => {
        sent.push(labelId);
        return null;
      },
    };
    const waitingEntry: OutboxEntry = {
      id: 'e1',
      mutationKey: label.mutationKey,
      scope: 'run-1',
      record: 'run-1',
      label: 'flaky',
      userId: 'u',
      variables: { runId: 'run-1', labelId: 'flaky' },
      idempotencyKey: 'k1',
      createdAt: 1,
      attempts: 0,
      state: 'pending',
    };
    await db.outbox.add(waitingEntry);
    const { drainAll, registerMutations } = start();
    await drainAll();
    expect(sent).toEqual([]);

    await registerMutations([label]);
    expect(sent).toEqual(['flaky']);
  });

  it("loads the app's mutations at start, so changes of screens not opened yet replay too", async () => {
    setSession(sessionOf('u'));
    const network = { up: false };
    const { sent, rename } = recordingRename(network);
    await start({ mutations: [rename] }).outbox.submit(rename.mutationKey, { id: 'd1', name: 'from the last page' });
    network.up = true;

    start({ loadMutations: async () => [rename] });
    await expect.poll(() => sent).toEqual(['from the last page']);
  });
});

describe('ensureAppOfflineQueues', () => {
  it("starts the page's queues once per query client, with the options the entry configured", async () => {
    setSession({ token: makeAccessToken(), refreshToken: 'r', userId: 'u' });
    const checked: string[] = [];
    configureAppOfflineQueues({
      downloads: {
        fetch: async () => new Response(new Uint8Array([1, 2, 3]), { headers: { ETag: '"e1"', 'Content-Length': '3' } }),
        verify: async (_file, item) => {
          checked.push(item.label);
          return 'Checksum mismatch';
        },
      },
    });
    const queryClient = new QueryClient();
    const appQueues = ensureAppOfflineQueues(queryClient);
    expect(ensureAppOfflineQueues(queryClient)).toBe(appQueues);

    const item = await appQueues.downloads.enqueue({ url: '/export?id=c1', fileName: 'c1.bin', label: 'Checked_Suite' });
    expect(item.userId).toBe('u');
    await appQueues.downloads.drain();
    expect(checked).toEqual(['Checked_Suite']);
    expect(await appQueues.db.downloads.get(item.id)).toMatchObject({ status: 'failed', error: 'Checksum mismatch' });

    const nextPage = ensureAppOfflineQueues(new QueryClient());
    expect(nextPage).not.toBe(appQueues);
    nextPage.stop();
    configureAppOfflineQueues({});
  });
});
