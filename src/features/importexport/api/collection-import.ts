import type { UploadItem } from '../../../offline/db';
import type { UploadManager } from '../../../offline/uploads';
import {
  COLLECTION_IMPORTED_MESSAGE,
  IMPORT_FILE_FIELD,
  importFailedMessage,
  importUploadResponseSchema,
} from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';

/** Queues the .bin for the multipart import (spec part 1 §7) with its file, so it goes through once the network allows. */
export async function queueCollectionImport(uploads: UploadManager, file: File): Promise<void> {
  await uploads.enqueue({ url: endpoints.importExport.importExport, file, fileName: file.name, fileField: IMPORT_FILE_FIELD });
  void uploads.drain();
}

/** What the messages call an upload before the server named its collection: the file name without `.bin`. */
export function importLabel(fileName: string): string {
  return fileName.replace(/\.bin$/i, '') || fileName;
}

/**
 * What a finished import upload means (spec part 1 §4 Import): importComplete true is a new collection; false leaves a
 * pending import to complete in 'Update Detail'; a refused upload carries the server's reason ('Collection Import
 * Failed! <reason>' for a damaged file), or '{name} Import Failed' when it gave none.
 */
export type ImportOutcome =
  | { kind: 'imported'; statusId: string; message: string }
  | { kind: 'pending'; statusId: string; message: string }
  | { kind: 'failed'; message: string };

export function importOutcome(item: UploadItem): ImportOutcome {
  const answer = item.status === 'completed' ? importUploadResponseSchema.safeParse(item.response) : null;
  if (!answer?.success) return { kind: 'failed', message: item.error ?? importFailedMessage(importLabel(item.fileName)) };
  const { importComplete, statusId, importMessage } = answer.data.data;
  return importComplete ? { kind: 'imported', statusId, message: COLLECTION_IMPORTED_MESSAGE } : { kind: 'pending', statusId, message: importMessage };
}
