import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { useAppOfflineQueues } from '../../../offline/offline-queues';
import { POLL } from '../../../shared/constants';
import { Button } from '../../../ui/Button';
import { importStatusQuery } from '../api/import-status';
import { mirroredPendingImportsQuery, pendingImportsOf } from '../api/pending-imports';
import { UpdateDetailModal, type ResourceListState } from './UpdateDetailModal';
import './importexport.css';

export interface PendingImportsPanelProps {
  /** The registered resources, for the modal's resource choices (passed in by the route). */
  resources: ResourceListState;
}

/**
 * 'Pending Import Collections' panel (spec part 1 §2): the imports waiting for details, from getStatus polled every 5 s
 * (§9), or from the Dexie copy while the server has not answered (offline). Each opens 'Update Detail - {name}'.
 */
export function PendingImportsPanel({ resources }: PendingImportsPanelProps) {
  const { db } = useAppOfflineQueues();
  const status = useQuery(importStatusQuery());
  const mirrored = useQuery({ ...mirroredPendingImportsQuery(db), enabled: status.data === undefined });
  const pending = status.data ? pendingImportsOf(status.data) : (mirrored.data ?? []);
  const [openId, setOpenId] = useState<string | null>(null);
  // The modal closes by itself when its import stops being pending (completed here, in another tab, or cancelled).
  const open = pending.find((item) => item.id === openId);

  return (
    <div className="transfer-panel">
      <UpdatedAgo updatedAt={status.dataUpdatedAt} periodMs={POLL.pendingImportsMs} />
      {pending.length === 0 ? (
        <p className="transfer-panel__empty">No import is pending.</p>
      ) : (
        <ul className="transfer-list" aria-label="Pending imports">
          {pending.map((item) => (
            <li key={item.id} className="transfer-item" aria-label={item.name}>
              <span className="transfer-item__title">{item.name}</span>
              <p className="transfer-item__note">{item.message}</p>
              <div className="transfer-item__actions">
                <Button onPress={() => setOpenId(item.id)} aria-label={`Update ${item.name}`}>
                  Update
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open && <UpdateDetailModal key={open.id} pending={open} resources={resources} onClose={() => setOpenId(null)} />}
    </div>
  );
}
