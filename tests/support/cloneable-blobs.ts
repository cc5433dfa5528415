import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterAll } from 'vitest';

/*
 * happy-dom's Blob and File do not survive IndexedDB's structured clone (they come back as empty objects); Node's do.
 * Dexie records the classes it stores as they are when it loads, so the unit set-up loads it with Node's in place
 * (loadDexieWithCloneableBlobs). A file whose tests store files calls withCloneableBlobs; the others keep happy-dom's,
 * which the page's FormData, FileReader and object URLs take.
 */
function swapBlobClasses(blob: typeof Blob, file: typeof File): { blob: typeof Blob; file: typeof File } {
  const previous = { blob: globalThis.Blob, file: globalThis.File };
  globalThis.Blob = blob;
  globalThis.File = file;
  return previous;
}

/** Node's Blob and File for this test file, and the page's again after it (the unit files share their worker). */
export function withCloneableBlobs(): void {
  const page = swapBlobClasses(NodeBlob as unknown as typeof Blob, NodeFile as unknown as typeof File);
  afterAll(() => void swapBlobClasses(page.blob, page.file));
}

export async function loadDexieWithCloneableBlobs(): Promise<void> {
  const page = swapBlobClasses(NodeBlob as unknown as typeof Blob, NodeFile as unknown as typeof File);
  try {
    await import('dexie');
  } finally {
    swapBlobClasses(page.blob, page.file);
  }
}
