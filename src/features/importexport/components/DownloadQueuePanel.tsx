import { useQuery } from '@tanstack/react-query';
import type { DownloadItem } from '../../../offline/db';
import { useAppOfflineQueues } from '../../../offline/offline-queues';
import { downloadQueueQueryOptions, isQueueItemActive, useIsOnline } from '../../../offline/queue-views';
import { EXPORT_IN_PROGRESS_ALERT } from '../../../shared/contracts/importexport';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import './importexport.css';

const WAITING_NOTE = 'Waiting for the network.';
const STATE_NOTES: Record<DownloadItem['status'], string> = {
  queued: WAITING_NOTE,
  downloading: 'Downloading.',
  completed: 'Saving the file.',
  failed: '',
};

function DownloadRow({ item }: { item: DownloadItem }) {
  const { downloads } = useAppOfflineQueues();
  const online = useIsOnline();
  const failed = item.status === 'failed';
  const note = failed ? item.error : item.status === 'downloading' && !online ? WAITING_NOTE : STATE_NOTES[item.status];
  const retry = async () => {
    await downloads.retry(item.id);
    void downloads.drain();
  };
  return (
    <li className="transfer-item" aria-label={item.label}>
      <ProgressBar label={`Export ${item.label}`} value={item.progress} />
      <p className={failed ? 'transfer-item__note transfer-item__note--failed' : 'transfer-item__note'}>{note}</p>
      <div className="transfer-item__actions">
        {failed && (
          <Button onPress={() => void retry()} aria-label={`Retry ${item.label}`}>
            Retry
          </Button>
        )}
        <Button variant="ghost" onPress={() => void downloads.remove(item.id)} aria-label={`Remove ${item.label}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/**
 * 'Export / Download Queue' panel (spec part 1 §2): each export with its progress, 1..100, re-read every 1 s with one
 * retry (§9). Finished files are saved by the TransferWatcher, so they leave the queue even while this panel is closed.
 */
export function DownloadQueuePanel() {
  const { db } = useAppOfflineQueues();
  const { data = [] } = useQuery(downloadQueueQueryOptions(db));
  if (data.length === 0) return <p className="transfer-panel__empty">No export is in progress.</p>;
  return (
    <div className="transfer-panel">
      {data.some(isQueueItemActive) && (
        <p className="transfer-panel__alert" role="alert">
          {EXPORT_IN_PROGRESS_ALERT}
        </p>
      )}
      <ul className="transfer-list" aria-label="Exports">
        {data.map((item) => (
          <DownloadRow key={item.id} item={item} />
        ))}
      </ul>
    </div>
  );
}
