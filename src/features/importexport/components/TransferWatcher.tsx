import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { saveBlob } from '../../../lib/save-blob';
import { rememberStatusId, type OfflineDb } from '../../../offline/db';
import { offlineKeys } from '../../../offline/offline-keys';
import { useAppOfflineQueues, type OfflineQueues } from '../../../offline/offline-queues';
import { downloadQueueQueryOptions, uploadQueueQueryOptions, whileQueueActive } from '../../../offline/queue-views';
import { toast } from '../../../ui/toast-queue';
import { exportFailureMessage } from '../api/collection-export';
import { importOutcome } from '../api/collection-import';
import { importStatusQuery } from '../api/import-status';
import { importExportKeys } from '../api/importexport-keys';
import { mirrorPendingImports, pendingImportsOf } from '../api/pending-imports';

/** Polls getStatus, keeps the Dexie copy of the pending imports, and tells when an import created a collection. */
function useImportStatusWatch(db: OfflineDb, onCollectionsChanged: () => void): void {
  const queryClient = useQueryClient();
  const { data } = useQuery(importStatusQuery());
  const completedIds = useRef<ReadonlySet<string> | null>(null);
  const collectionsChanged = useEffectEvent(onCollectionsChanged);

  useEffect(() => {
    if (!data) return;
    // The copy only serves an offline reload; failing to write it loses nothing the server does not still have.
    void mirrorPendingImports(db, pendingImportsOf(data))
      .then(() => queryClient.invalidateQueries({ queryKey: offlineKeys.pendingImports() }))
      .catch(() => undefined);
    // Spec part 1 §4: a change in the completed imports means the collection lists changed.
    const completed = new Set(data.filter((process) => process.status === 'COMPLETED').map((process) => process.id));
    const before = completedIds.current;
    completedIds.current = completed;
    if (before && [...completed].some((id) => !before.has(id))) collectionsChanged();
  }, [data, db, queryClient]);
}

/**
 * Reports each finished import upload once (across tabs), remembers its status id and refreshes the pending list, and
 * the collection lists when it created a collection (getStatus's first answer may already hold that import, so the
 * completed-imports watch alone could miss it).
 */
function useImportAnswers({ db, uploads }: OfflineQueues, onCollectionsChanged: () => void): void {
  const queryClient = useQueryClient();
  const collectionsChanged = useEffectEvent(onCollectionsChanged);
  const { data } = useQuery({ ...uploadQueueQueryOptions(db), refetchInterval: whileQueueActive });

  useEffect(() => {
    for (const item of data ?? []) {
      if (item.status !== 'completed' && item.status !== 'failed') continue;
      void uploads.take(item.id).then(async (taken) => {
        if (!taken) return;
        const outcome = importOutcome(taken);
        if (outcome.kind === 'failed') {
          toast.error(outcome.message);
          return;
        }
        if (outcome.kind === 'imported') {
          toast.success(outcome.message);
          collectionsChanged();
        } else {
          toast.info(outcome.message);
        }
        await rememberStatusId(db, outcome.statusId);
        await queryClient.invalidateQueries({ queryKey: importExportKeys.status() });
      });
    }
  }, [data, db, uploads, queryClient]);
}

/** Saves each finished export as its .bin (once, across tabs) and reports failures that happen while this page is open. */
function useFinishedExports({ db, downloads }: OfflineQueues): void {
  const { data } = useQuery({ ...downloadQueueQueryOptions(db), refetchInterval: whileQueueActive });
  /** Failed items already reported; null until the first read, whose failures the queue panel lists without a toast. */
  const reported = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!data) return;
    for (const item of data) {
      if (item.status === 'completed') {
        void downloads.take(item.id).then((taken) => taken && saveBlob(taken.item.fileName, taken.file));
      }
    }
    const failed = data.filter((item) => item.status === 'failed');
    if (reported.current === null) {
      reported.current = new Set(failed.map((item) => item.id));
      return;
    }
    const known = reported.current;
    for (const item of failed) {
      if (known.has(item.id)) continue;
      known.add(item.id);
      toast.error(exportFailureMessage(item));
    }
    // A retried item may fail again, and is then reported again.
    for (const item of data) if (item.status !== 'failed') known.delete(item.id);
  }, [data, downloads]);
}

export interface TransferWatcherProps {
  /** Refreshes the collection lists (other features' queries) after an import created a collection. */
  onCollectionsChanged: () => void;
}

/**
 * The always-mounted part of import and export (the sidebar's panels mount only while it is open): the getStatus poll,
 * the answers of queued imports, and the finished exports.
 */
export function TransferWatcher({ onCollectionsChanged }: TransferWatcherProps) {
  const queues = useAppOfflineQueues();
  useImportStatusWatch(queues.db, onCollectionsChanged);
  useImportAnswers(queues, onCollectionsChanged);
  useFinishedExports(queues);
  return null;
}
