import { useQuery, useQueryClient } from '@tanstack/react-query';
import { controlRoomKeys } from '../features/control-room/api/control-room-keys';
import { ImportExportPanel } from '../features/importexport/components/ImportExportPanel';
import { PendingImportsPanel } from '../features/importexport/components/PendingImportsPanel';
import { TransferWatcher } from '../features/importexport/components/TransferWatcher';
import { deviceNamesQuery } from '../features/resources/api/devices';
import { openCollectionImportPicker } from '../features/shell/components/CollectionImportInput';
import { collectionsListQuery } from '../features/studio/api/collections-list';
import { studioKeys } from '../features/studio/api/studio-keys';

export { DownloadQueuePanel } from '../features/importexport/components/DownloadQueuePanel';

/** The Import / Export panel with the Studio's collection list to export from (features do not import each other). */
export function ImportExportSlot() {
  const { data = [] } = useQuery(collectionsListQuery());
  const collections = data.map((collection) => ({ id: collection.id, name: collection.testSuiteName, isDisabled: collection.result === 'deleted' }));
  return <ImportExportPanel collections={collections} onImport={openCollectionImportPicker} />;
}

/** The pending imports with Resource Management's device list for the modal's resource choices. */
export function PendingImportsSlot() {
  // Resource names are what the modal needs: no 5 s status poll here.
  const resources = useQuery(deviceNamesQuery());
  return <PendingImportsPanel resources={{ data: resources.data, status: resources.status }} />;
}

/**
 * The always-mounted import/export watcher; a completed import refreshes the Studio's and the Control Room's collection
 * lists. No embedded page of this app shows collections (the Studio is native), so there is no frame to post
 * refreshCollection to.
 */
export function ImportExportWatcher() {
  const queryClient = useQueryClient();
  const refreshCollections = () => {
    void queryClient.invalidateQueries({ queryKey: studioKeys.collections() });
    void queryClient.invalidateQueries({ queryKey: controlRoomKeys.collections() });
  };
  return <TransferWatcher onCollectionsChanged={refreshCollections} />;
}
