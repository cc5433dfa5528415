import { describe, expect, it } from 'vitest';
import { makeAccessToken } from '../../tests/msw/factories';
import { createDrainLocks } from '../../tests/support/drain-locks';
import { ApiError } from '../lib/api-client';
import { createQueueGate, oneDrainAtATime } from './queue-gate';

const fresh = { token: makeAccessToken({ expiresInSeconds: 900 }), refreshToken: 'r', userId: 'u' };
const expired = { token: makeAccessToken({ expiresInSeconds: -60 }), refreshToken: 'r', userId: 'u' };

describe('queue gate', () => {
  it('drains under a per-queue Web Lock and skips a queue another tab is draining', async () => {
    const locks = createDrainLocks(['studio:offline-drain:downloads']);
    const gate = createQueueGate({ locks, readSession: () => fresh });
    let ran = 0;
    expect(await gate.run('downloads', async () => void (ran += 1))).toBe('busy');
    expect(await gate.run('outbox', async () => void (ran += 1))).toBe('drained');
    expect(ran).toBe(1);
    expect(locks.requested).toEqual(['studio:offline-drain:downloads', 'studio:offline-drain:outbox']);
  });

  it('runs one drain per queue in this tab when Web Locks are missing', async () => {
    const gate = createQueueGate({ locks: null, readSession: () => fresh });
    let release = () => {};
    const first = gate.run('uploads', () => new Promise<void>((resolve) => (release = resolve)));
    expect(await gate.run('uploads', async () => {})).toBe('busy');
    release();
    expect(await first).toBe('drained');
  });

  it('refuses drains once stopped, without reading the session (the page, or a test file, is going away)', async () => {
    let sessionReads = 0;
    const gate = createQueueGate({
      locks: null,
      readSession: () => {
        sessionReads += 1;
        return fresh;
      },
    });
    expect(await gate.run('uploads', async () => {})).toBe('drained');
    gate.stop();
    let ran = false;
    expect(await gate.run('uploads', async () => void (ran = true))).toBe('stopped');
    expect(ran).toBe(false);
    expect(sessionReads).toBe(1);
  });

  it('refreshes a nearly expired token before draining, and only then', async () => {
    const refreshed: string[] = [];
    const refresh = async (stale: string) => {
      refreshed.push(stale);
      return 'new-token';
    };
    expect(await createQueueGate({ locks: null, readSession: () => fresh, refresh }).run('outbox', async () => {})).toBe('drained');
    expect(refreshed).toEqual([]);
    expect(await createQueueGate({ locks: null, readSession: () => expired, refresh }).run('outbox', async () => {})).toBe('drained');
    expect(refreshed).toEqual([expired.token]);
  });

  it('renews a short-lived token once half its lifetime has passed, not before every drain', async () => {
    const refreshed: string[] = [];
    const refresh = async (stale: string) => {
      refreshed.push(stale);
      return 'new-token';
    };
    // 20 s tokens (a short ACCESS_TOKEN_TTL_SECONDS) live shorter than the drain margin.
    const shortLived = { token: makeAccessToken({ expiresInSeconds: 20 }), refreshToken: 'r', userId: 'u' };
    const drainAt = (elapsedMs: number) =>
      createQueueGate({ locks: null, readSession: () => shortLived, refresh, now: () => Date.now() + elapsedMs }).run('outbox', async () => {});
    expect(await drainAt(0)).toBe('drained');
    expect(await drainAt(8_000)).toBe('drained');
    expect(refreshed).toEqual([]);
    expect(await drainAt(11_000)).toBe('drained');
    expect(refreshed).toEqual([shortLived.token]);
  });

  it('postpones when the refresh gets no answer, and pauses (sign in needed) when it is refused', async () => {
    let failure = new ApiError(0, 'offline');
    const gate = createQueueGate({ locks: null, readSession: () => expired, refresh: () => Promise.reject(failure) });
    let ran = false;
    expect(await gate.run('outbox', async () => void (ran = true))).toBe('later');
    expect(gate.isSignInNeeded()).toBe(false);

    failure = new ApiError(401, 'Your session has expired.');
    const notified: boolean[] = [];
    gate.subscribe(() => notified.push(gate.isSignInNeeded()));
    expect(await gate.run('outbox', async () => void (ran = true))).toBe('paused');
    expect(await gate.run('downloads', async () => void (ran = true))).toBe('paused');
    expect(ran).toBe(false);
    expect(notified).toEqual([true]);

    gate.resume();
    expect(notified).toEqual([true, false]);
  });
});

describe('oneDrainAtATime', () => {
  it('runs a call made during a drain once more after it, so an item queued meanwhile is not left waiting', async () => {
    const runs: number[] = [];
    let release = () => {};
    const drain = oneDrainAtATime(async () => {
      runs.push(runs.length + 1);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return 'drained';
    });
    const first = drain();
    const second = drain();
    const third = drain();
    expect(third).toBe(second);
    release();
    expect(await Promise.all([first, second])).toEqual(['drained', 'drained']);
    expect(runs).toEqual([1, 2]);
  });
});
