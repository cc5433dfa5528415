import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppOfflineQueues } from '../../../offline/offline-queues';
import { isQueueItemActive, uploadQueueQueryOptions } from '../../../offline/queue-views';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Select } from '../../../ui/Select';
import type { ExportableCollection } from '../api/collection-export';
import { importLabel } from '../api/collection-import';
import { useCollectionExport } from './use-collection-export';
import './importexport.css';

export interface ExportChoice extends ExportableCollection {
  isDisabled?: boolean;
}

export interface ImportExportPanelProps {
  /** The collections that can be exported (the Studio's list, passed in by the route). */
  collections: readonly ExportChoice[];
  /** Opens the shell's hidden file input; the chosen file comes back through the shell. */
  onImport: () => void;
}

/** Imports waiting for the network or going up, with their progress. */
function ImportQueue() {
  const { db } = useAppOfflineQueues();
  const { data = [] } = useQuery(uploadQueueQueryOptions(db));
  const moving = data.filter(isQueueItemActive);
  if (moving.length === 0) return null;
  return (
    <ul className="transfer-list" aria-label="Imports in progress">
      {moving.map((item) => {
        const label = importLabel(item.fileName);
        return (
          <li key={item.id} className="transfer-item" aria-label={label}>
            <ProgressBar label={`Import ${label}`} value={item.progress} />
            {item.status === 'queued' && item.attempts > 0 && <p className="transfer-item__note">Waiting for the network to retry.</p>}
          </li>
        );
      })}
    </ul>
  );
}

/** 'Collection Import / Export' panel of the status sidebar (spec part 1 §2): import a .bin, export a collection. */
export function ImportExportPanel({ collections, onImport }: ImportExportPanelProps) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const startExport = useCollectionExport();
  const chosen = collections.find((collection) => collection.id === chosenId && !collection.isDisabled);

  return (
    <div className="transfer-panel">
      <div className="transfer-panel__actions">
        <Button onPress={onImport}>Import</Button>
      </div>
      <ImportQueue />
      <Select
        label="Collection to export"
        placeholder="Select a collection"
        options={collections.map((collection) => ({ id: collection.id, label: collection.name, isDisabled: collection.isDisabled }))}
        selectedKey={chosenId}
        onSelectionChange={setChosenId}
      />
      <div className="transfer-panel__actions">
        <Button variant="primary" isDisabled={!chosen} onPress={() => chosen && void startExport(chosen)}>
          Export
        </Button>
      </div>
    </div>
  );
}
