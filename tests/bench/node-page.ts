/**
 * Just enough of a browser page in Node for the app's own offline layer to run against a real server in the benches:
 * the page's origin (the API client resolves paths against it), localStorage (the session), and IndexedDB
 * (fake-indexeddb, through the unit tests' harness). Import this module before any app module.
 */
import { createOfflineDbHarness } from '../support/offline-db';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

const PAGE_GLOBALS = ['window', 'localStorage'] as const;

/**
 * Makes `origin` the page's origin, with an empty localStorage, and answers a fresh offline database. `close()` takes
 * the page globals away again, so the code that runs next in the process (the other benches) sees plain Node.
 */
export function openNodePage(origin: string, databaseName: string) {
  const previous = PAGE_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  Object.assign(globalThis, {
    window: { location: { origin: new URL(origin).origin, assign: () => undefined } },
    localStorage: new MemoryStorage(),
  });
  const databases = createOfflineDbHarness(databaseName);
  return {
    db: databases.open(),
    close(): void {
      databases.closeAll();
      for (const [name, descriptor] of previous) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else Reflect.deleteProperty(globalThis, name);
      }
    },
  };
}
