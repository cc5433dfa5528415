import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAccessToken } from '../../tests/msw/factories';
import { setSession } from '../lib/session';
import { configureAppOfflineQueues } from './app-queue-options';
import { ensureAppOfflineQueues, startOfflineQueues, type OfflineQueues } from './offline-queues';
import type { OfflineMutation } from './outbox';
import type { WakeClock } from './wake';

const idleClock: WakeClock = { now: () => 0, setInterval: () => 0, clearInterval: () => undefined };

describe('startOfflineQueues', () => {
  let harness = createOfflineDbHarness();
  let queues: OfflineQueues | null = null;
  beforeEach(() => {
    harness = createOfflineDbHarness();
  });
  afterEach(() => {
    queues?.stop();
    harness.closeAll();
  });

  it('replays what a previous page left when the network comes back', async () => {
    setSession({ token: makeAccessToken(), refreshToken: 'r', userId: 'u' });
    const sent: string[] = [];
    let networkUp = false;
    const rename: OfflineMutation<{ id: string; name: string }, null> = {
      mutationKey: ['test', 'rename'],
      scope: ({ id }) => id,
      send: async ({ name }) => {
        if (!networkUp) throw new TypeError('Failed to fetch');
        sent.push(name);
        return null;
      },
    };
    const db = harness.open();
    queues = startOfflineQueues({ queryClient: new QueryClient(), mutations: [rename], db, gate: { locks: null }, triggers: { clock: idleClock } });
    await queues.outbox.submit(rename.mutationKey, { id: 'd1', name: 'kept from before' });
    queues.stop();

    queues = startOfflineQueues({ queryClient: new QueryClient(), mutations: [rename], db, gate: { locks: null }, triggers: { clock: idleClock } });
    networkUp = true;
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => sent).toEqual(['kept from before']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('pauses without a session and drains once the user signs in again', async () => {
    const sent: string[] = [];
    const save: OfflineMutation<{ id: string }, null> = {
      mutationKey: ['test', 'save'],
      scope: ({ id }) => id,
      send: async ({ id }) => {
        sent.push(id);
        return null;
      },
    };
    queues = startOfflineQueues({ queryClient: new QueryClient(), mutations: [save], db: harness.open(), gate: { locks: null }, triggers: { clock: idleClock } });
    expect(await queues.outbox.submit(save.mutationKey, { id: 'r1' })).toEqual({ state: 'queued' });
    expect(queues.gate.isSignInNeeded()).toBe(true);

    setSession({ token: makeAccessToken(), refreshToken: 'r', userId: 'u' });
    await expect.poll(() => sent).toEqual(['r1']);
    expect(queues.gate.isSignInNeeded()).toBe(false);
  });

  it('holds back a waiting change until its feature registers the mutation, then replays it', async () => {
    setSession({ token: makeAccessToken(), refreshToken: 'r', userId: 'u' });
    const sent: string[] = [];
    const label: OfflineMutation<{ runId: string; labelId: string }, null> = {
      mutationKey: ['test', 'label'],
      scope: ({ runId }) => runId,
      send: async ({ labelId }) => {
        sent.push(labelId);
        return null;
      },
    };
    const db = harness.open();
    await db.outbox.add({ id: 'e1', mutationKey: label.mutationKey, scope: 'run-1', variables: { runId: 'run-1', labelId: 'flaky' }, idempotencyKey: 'k1', createdAt: 1, attempts: 0, state: 'pending' });
    queues = startOfflineQueues({ queryClient: new QueryClient(), db, gate: { locks: null }, triggers: { clock: idleClock } });
    await queues.drainAll();
    expect(sent).toEqual([]);

    await queues.registerMutations([label]);
    expect(sent).toEqual(['flaky']);
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
    await appQueues.downloads.drain();
    expect(checked).toEqual(['Checked_Suite']);
    expect(await appQueues.db.downloads.get(item.id)).toMatchObject({ status: 'failed', error: 'Checksum mismatch' });

    const nextPage = ensureAppOfflineQueues(new QueryClient());
    expect(nextPage).not.toBe(appQueues);
    nextPage.stop();
    configureAppOfflineQueues({});
  });
});
