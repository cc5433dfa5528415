import { useQuery } from '@tanstack/react-query';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { POLL } from '../../../shared/constants';
import type { RecordingProcess } from '../../../shared/contracts/recordings';
import { Button } from '../../../ui/Button';
import { activeRecordingOf, recordingRowsOf, recordingStatusQuery } from '../api/recording-status';
import { recordingModal } from '../recording-modal-store';
import { useCanRecord } from '../recording-permission';
import './recording.css';

const STATE_LABEL = { INPROGRESS: 'Recording', IDLE: 'Waiting to continue' } as const;

/** 'Collection Recording' panel (spec part 1 §2): Record Collection, and the active recording with a way back to it. */
export function CollectionRecordingPanel() {
  const canRecord = useCanRecord();
  const { data = [] } = useQuery(recordingStatusQuery());
  const active = activeRecordingOf(data);

  return (
    <div className="recording-panel">
      {active ? (
        <div className="recording-item" aria-label={`Recording ${active.name}`}>
          <span className="recording-item__title">{active.name}</span>
          <p className="recording-item__note">{`${active.status === 'IDLE' ? STATE_LABEL.IDLE : STATE_LABEL.INPROGRESS} · ${active.actionCount} actions`}</p>
          <div>
            <Button onPress={() => recordingModal.open(active.recordingId)} aria-label={`Show recording ${active.name}`}>
              Show
            </Button>
          </div>
        </div>
      ) : (
        canRecord && (
          <div>
            <Button variant="primary" onPress={() => recordingModal.open(null)}>
              Record Collection
            </Button>
          </div>
        )
      )}
      {!active && !canRecord && <p className="recording-panel__empty">Recording needs the Record/playback permission.</p>}
    </div>
  );
}

function RecordingList({ label, items, note }: { label: string; items: readonly RecordingProcess[]; note: (item: RecordingProcess) => string }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="recording-list__heading">{label}</h3>
      <ul className="recording-list" aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className="recording-item" aria-label={item.name}>
            <span className="recording-item__title">{item.name}</span>
            <p className="recording-item__note">{note(item)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** 'Recording Collections' panel (spec part 1 §4 Import): PROCESSING recordings as pending, COMPLETED ones as completed. */
export function RecordingCollectionsPanel() {
  const status = useQuery(recordingStatusQuery());
  const { pending, completed } = recordingRowsOf(status.data ?? []);

  return (
    <div className="recording-panel">
      <UpdatedAgo updatedAt={status.dataUpdatedAt} periodMs={POLL.recordingMs} />
      {pending.length === 0 && completed.length === 0 && <p className="recording-panel__empty">No recorded collection yet.</p>}
      <RecordingList label="Pending recordings" items={pending} note={(item) => item.message || 'Turning the recording into a collection.'} />
      <RecordingList label="Completed recordings" items={completed} note={(item) => item.message || `${item.actionCount} actions recorded.`} />
    </div>
  );
}
