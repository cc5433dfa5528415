import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterAll } from 'vitest';

/*
 * happy-dom's Blob and File do not survive IndexedDB's structured clone (they come back as empty objects); Node's do.
 * Dexie records the classes it stores as they are when it loads, so the unit set-up loads it with Node's in place
 * (loadDexieWithCloneableBlobs). A file whose tests store files calls withCloneableBlobs; the others keep happy-dom's,
 * which the page's FormData, FileReader and object URLs take.
 */
interface BlobClasses {
  blob: typeof Blob;
  file: typeof File;
}

const NODE_CLASSES: BlobClasses = { blob: NodeBlob as unknown as typeof Blob, file: NodeFile as unknown as typeof File };

/** Puts `classes` in place and answers the ones they replaced. */
function swapBlobClasses({ blob, file }: BlobClasses): BlobClasses {
  const previous = { blob: globalThis.Blob, file: globalThis.File };
  globalThis.Blob = blob;
  globalThis.File = file;
  return previous;
}

/** Node's Blob and File for this test file, whose tests store files, and the page's again after it. */
export function withCloneableBlobs(): void {
  const page = swapBlobClasses(NODE_CLASSES);
  afterAll(() => void swapBlobClasses(page));
}

export async function loadDexieWithCloneableBlobs(): Promise<void> {
  const page = swapBlobClasses(NODE_CLASSES);
  try {
    await import('dexie');
  } finally {
    swapBlobClasses(page);
  }
}
