import { useQueryClient } from '@tanstack/react-query';
import { controlRoomKeys } from '../features/control-room/api/control-room-keys';
import { RecordingWatcher } from '../features/recording/components/RecordingWatcher';
import { recordPlaybackRequests } from '../features/shell/record-playback-requests';
import { studioKeys } from '../features/studio/api/studio-keys';

export { CollectionRecordingPanel, RecordingCollectionsPanel } from '../features/recording/components/RecordingPanels';

/**
 * The always-mounted recording watcher; a completed recording refreshes the Studio's and the Control Room's collection
 * lists, as a completed import does (no embedded page of this app lists collections, so nothing is posted to a frame).
 */
export function RecordingWatcherSlot() {
  const queryClient = useQueryClient();
  const refreshCollections = () => {
    void queryClient.invalidateQueries({ queryKey: studioKeys.collections() });
    void queryClient.invalidateQueries({ queryKey: controlRoomKeys.collections() });
  };
  return <RecordingWatcher onCollectionsChanged={refreshCollections} subscribeOpenRequests={recordPlaybackRequests.subscribe} />;
}
