import type { QueryClient } from '@tanstack/react-query';
import { ensureAppOfflineQueues } from '../../offline/offline-queues';
import { importFailedMessage, importTooLargeMessage, MAX_IMPORT_FILE_BYTES } from '../../shared/contracts/importexport';
import { toast } from '../../ui/toast-queue';
import { importLabel, queueCollectionImport } from './api/collection-import';

/**
 * Puts a chosen .bin into the upload queue (the shell's hidden input hands it over). A file over the server's limit is
 * refused here, before hundreds of MB are copied into IndexedDB only to be answered 413.
 */
export async function importCollectionFile(queryClient: QueryClient, file: File): Promise<void> {
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    toast.error(importTooLargeMessage(MAX_IMPORT_FILE_BYTES));
    return;
  }
  try {
    await queueCollectionImport(ensureAppOfflineQueues(queryClient).uploads, file);
  } catch {
    // The queue could not be written (storage full or unavailable): nothing was sent.
    toast.error(importFailedMessage(importLabel(file.name)));
  }
}
