import type { DrainLocks } from '../../src/offline/queue-gate';

/**
 * Web Locks with `ifAvailable`, as the queue drains use them (happy-dom has no navigator.locks). Share one instance
 * between gates to play several tabs of one origin; `holdElsewhere` plays a tab that holds a lock the whole time.
 */
export function createDrainLocks(holdElsewhere: string[] = []): DrainLocks & { readonly requested: string[] } {
  const held = new Set(holdElsewhere);
  const requested: string[] = [];
  return {
    requested,
    async request(name, _options, callback) {
      requested.push(name);
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}
