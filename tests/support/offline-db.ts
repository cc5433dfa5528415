// Dexie's liveQuery needs a global IndexedDB even when a database is opened on a private factory.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';

/**
 * A private fake IndexedDB for one test. `open()` opens the offline database on it; closing the database and calling
 * `open()` again plays a page reload: only what was written to IndexedDB survives.
 */
export function createOfflineDbHarness(name = 'offline-test') {
  const factory = new IDBFactory();
  const opened: OfflineDb[] = [];
  return {
    open(): OfflineDb {
      const db = openOfflineDb(name, { indexedDB: factory, IDBKeyRange });
      opened.push(db);
      return db;
    },
    closeAll(): void {
      for (const db of opened) db.close();
    },
  };
}
