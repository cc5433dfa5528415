import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

/*
 * happy-dom's Blob and File do not survive IndexedDB's structured clone (they come back as empty objects); Node's do.
 * This must run before Dexie is first imported: Dexie records the Blob class it leaves uncloned when it loads, so
 * import this module (or tests/support/offline-db, which does) first in a test file.
 */
globalThis.Blob = NodeBlob as unknown as typeof Blob;
globalThis.File = NodeFile as unknown as typeof File;
