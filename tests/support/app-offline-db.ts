import { offlineDb } from '../../src/offline/db';

/**
 * Empties the app's own offline database (opened on the global fake IndexedDB of the unit setup) between tests: the
 * outbox, queues and refused changes of one test must not reach the next. Blobs are left as the test file has them
 * (see offline-db.ts for tests that store files).
 */
export async function clearAppOfflineDb(): Promise<void> {
  await Promise.all(offlineDb().tables.map((table) => table.clear()));
}
