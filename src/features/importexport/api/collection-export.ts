import type { DownloadItem } from '../../../offline/db';
import type { DownloadManager } from '../../../offline/downloads';
import { exportFailedMessage, FILE_DOWNLOAD_FAILED_MESSAGE } from '../../../shared/contracts/importexport';
import { exportDownloadPath, exportFileName } from './export-file';

/** A collection as the export needs it: what to fetch and what the messages and the saved file are named after. */
export interface ExportableCollection {
  id: string;
  name: string;
}

/** Queues the collection's .bin in the resumable download queue (it survives reloads and network cuts) and starts it. */
export async function queueCollectionExport(downloads: DownloadManager, collection: ExportableCollection): Promise<void> {
  await downloads.enqueue({ url: exportDownloadPath(collection.id), fileName: exportFileName(collection.name), label: collection.name });
  void downloads.drain();
}

/**
 * The message of a failed export (spec part 1 §8): '{name} collection export failed!' when the server refused the export
 * before sending any of it, 'File download failed, please try again' when the file broke on the way (size or checksum).
 */
export function exportFailureMessage(item: DownloadItem): string {
  return item.totalBytes === null ? exportFailedMessage(item.label) : FILE_DOWNLOAD_FAILED_MESSAGE;
}
