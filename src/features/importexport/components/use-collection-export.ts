import { useCallback } from 'react';
import { useAppOfflineQueues } from '../../../offline/offline-queues';
import { COLLECTION_EXPORT_STARTED_MESSAGE, EXPORT_IN_PROGRESS_ALERT, exportFailedMessage } from '../../../shared/contracts/importexport';
import { toast } from '../../../ui/toast-queue';
import { queueCollectionExport, type ExportableCollection } from '../api/collection-export';

/** Starts a collection's export with the messages of spec part 1 §4 Export and §8. */
export function useCollectionExport(): (collection: ExportableCollection) => Promise<void> {
  const { downloads } = useAppOfflineQueues();
  return useCallback(
    async (collection) => {
      try {
        await queueCollectionExport(downloads, collection);
      } catch {
        // The queue could not be written (storage full or unavailable): nothing was started.
        toast.error(exportFailedMessage(collection.name));
        return;
      }
      toast.success(COLLECTION_EXPORT_STARTED_MESSAGE);
      toast.info(EXPORT_IN_PROGRESS_ALERT);
    },
    [downloads],
  );
}
