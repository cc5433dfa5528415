import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { subscribeSession } from '../../../lib/session';
import { RECORDING_MESSAGES, recordingStoppedMessage, clientStateOf } from '../../../shared/contracts/recordings';
import { toast } from '../../../ui/toast-queue';
import { recordingKeys } from '../api/recording-keys';
import { activeRecordingOf, recordingStatusQuery } from '../api/recording-status';
import { recordingModal, useRecordingModal } from '../recording-modal-store';
import { useCanRecord } from '../recording-permission';
import { RecordCollectionModal } from './RecordCollectionModal';

export interface RecordingWatcherProps {
  /** Refreshes the collection lists (other features' queries) after a recording created a collection. */
  onCollectionsChanged: () => void;
  /** Requests to open the modal from outside the app's own controls (the embedded page's 'recordPlaybackCollection'). */
  subscribeOpenRequests?: (listener: () => void) => () => void;
}

/**
 * The always-mounted part of recording (spec part 1 §4): the 5 s getStatus poll while signed in, the resume of an
 * active recording on app start, the modal, the end of the followed recording, and the completed recordings that
 * changed the collection lists.
 */
export function RecordingWatcher({ onCollectionsChanged, subscribeOpenRequests }: RecordingWatcherProps) {
  const queryClient = useQueryClient();
  const { data } = useQuery(recordingStatusQuery());
  const modal = useRecordingModal();
  const canRecord = useCanRecord();
  const resumed = useRef(false);
  const completedIds = useRef<ReadonlySet<string> | null>(null);
  const collectionsChanged = useEffectEvent(onCollectionsChanged);

  // Spec part 1 §4: a login state change refreshes the recording status and devices; signing out forgets the followed
  // recording.
  useEffect(
    () =>
      subscribeSession((session) => {
        if (session === null) recordingModal.close();
        void queryClient.invalidateQueries({ queryKey: recordingKeys.all });
        void queryClient.invalidateQueries({ queryKey: recordingKeys.status() });
      }),
    [queryClient],
  );

  const openRequested = useEffectEvent(() => {
    if (!canRecord) return;
    recordingModal.open(recordingModal.get().recordingId ?? activeRecordingOf(data ?? [])?.recordingId ?? null);
  });
  useEffect(() => subscribeOpenRequests?.(() => openRequested()), [subscribeOpenRequests]);

  useEffect(() => {
    if (!data) return;
    // Spec part 1 §4: on app start an INPROGRESS recording resumes in recording, an IDLE one in idle.
    if (!resumed.current) {
      resumed.current = true;
      const active = activeRecordingOf(data);
      if (active && recordingModal.get().recordingId === null) recordingModal.open(active.recordingId);
    }

    const followed = recordingModal.get().recordingId;
    const tracked = followed === null ? undefined : data.find((process) => process.recordingId === followed);
    if (tracked && clientStateOf(tracked.status) === 'stopped') {
      // Stopped elsewhere (another tab, or the agent went away): PROCESSING or COMPLETED close the dialog (§4).
      recordingModal.close();
      if (tracked.status === 'CANCELLED') toast.error(tracked.message || recordingStoppedMessage('CANCELLED'));
    }

    // Spec part 1 §4 Import: a change in the completed recordings means the collection lists changed.
    const completed = data.filter((process) => process.status === 'COMPLETED');
    const before = completedIds.current;
    completedIds.current = new Set(completed.map((process) => process.id));
    const added = before ? completed.filter((process) => !before.has(process.id)) : [];
    if (added.length > 0) {
      collectionsChanged();
      for (const process of added) toast.success(RECORDING_MESSAGES.completed(process.name));
    }
  }, [data]);

  return modal.isOpen ? <RecordCollectionModal recordingId={modal.recordingId} /> : null;
}
