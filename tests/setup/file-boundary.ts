/**
 * The unit project runs its files one after another in a shared worker (vite.config.ts: `isolate: false`), so that
 * React, react-aria, msw and the other packages load once per worker instead of once per file. What a separate
 * process per file gave for free, this gives back at each file's end:
 * - the app's own modules are evaluated afresh for the next file (`vi.resetModules`), so module state (stores, the
 *   session cache, the offline queues) starts as it would in a new page;
 * - timers the file left running are cleared, so a poll of the last file never fires into the next one;
 * - IndexedDB starts empty, and fake timers are undone.
 */
import Dexie from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

type TimerHandle = ReturnType<typeof setTimeout>;

interface TimerRegistry {
  live: Set<TimerHandle>;
}

const REGISTRY = Symbol.for('studio.test.timerRegistry');
type RegistryHolder = typeof globalThis & { [REGISTRY]?: TimerRegistry };

/** Wraps the global timer functions once per worker, so every timer a test file starts can be found again. */
function timerRegistry(): TimerRegistry {
  const holder = globalThis as RegistryHolder;
  const existing = holder[REGISTRY];
  if (existing) return existing;
  const registry: TimerRegistry = { live: new Set() };
  const { setTimeout: realSetTimeout, setInterval: realSetInterval, clearTimeout: realClearTimeout, clearInterval: realClearInterval } = globalThis;
  const trackedTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle: TimerHandle = realSetTimeout(() => {
      registry.live.delete(handle);
      callback(...args);
    }, ms);
    registry.live.add(handle);
    return handle;
  }) as typeof setTimeout;
  const trackedInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle: TimerHandle = realSetInterval(callback, ms, ...args);
    registry.live.add(handle);
    return handle;
  }) as typeof setInterval;
  const untrack =
    (clear: (handle: TimerHandle | undefined) => void) =>
    (handle: TimerHandle | string | number | undefined): void => {
      if (typeof handle === 'object') registry.live.delete(handle);
      clear(handle as TimerHandle | undefined);
    };
  // Node's promisified forms (util.promisify(setTimeout)) stay the real ones.
  Object.assign(trackedTimeout, realSetTimeout);
  Object.assign(trackedInterval, realSetInterval);
  globalThis.setTimeout = trackedTimeout;
  globalThis.setInterval = trackedInterval;
  globalThis.clearTimeout = untrack(realClearTimeout) as typeof clearTimeout;
  globalThis.clearInterval = untrack(realClearInterval) as typeof clearInterval;
  holder[REGISTRY] = registry;
  return registry;
}

const registry = timerRegistry();

/**
 * A new, empty IndexedDB for the next file. Dexie read the global factory once, when the worker first loaded it, so it
 * is told too. The last file's open connections stay with the old factory, where nothing reaches them.
 */
function freshIndexedDb(): void {
  const factory = new IDBFactory();
  globalThis.indexedDB = factory;
  Dexie.dependencies.indexedDB = factory;
}

/** Ends a test file: call from the setup file's afterAll, after the file's own teardown. */
export function endTestFile(): void {
  vi.useRealTimers();
  for (const handle of registry.live) clearTimeout(handle);
  registry.live.clear();
  freshIndexedDb();
  document.title = '';
  vi.resetModules();
}
