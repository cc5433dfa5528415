import type { RefreshLocks } from '../../src/lib/api-client';

/**
 * An exclusive Web Locks fake (happy-dom has no navigator.locks). Share one instance between two
 * api clients to play two tabs of one origin: callbacks under the same name run one at a time,
 * in request order, and a waiting request gives up when its signal aborts.
 */
export function createFakeLockManager(): RefreshLocks & { readonly grants: number } {
  const tails = new Map<string, Promise<void>>();
  let grants = 0;

  return {
    get grants() {
      return grants;
    },
    async request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      let release = () => {};
      const current = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => current);
      tails.set(name, tail);
      try {
        await waitUnlessAborted(previous, options.signal);
        grants += 1;
        return await callback();
      } finally {
        release();
        if (tails.get(name) === tail) tails.delete(name);
      }
    },
  };
}

function waitUnlessAborted(turn: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return turn;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
