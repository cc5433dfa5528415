import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { subscribeSession } from '../lib/session';
import { appOfflineQueueOptions, type AppOfflineQueueOptions } from './app-queue-options';
import { offlineDb, requestPersistentStorage, type OfflineDb } from './db';
import { createDownloadManager } from './downloads';
import { offlineKeys } from './offline-keys';
import { createOutbox, registerOfflineMutations, type OfflineMutation } from './outbox';
import { createQueueGate, type QueueGateOptions } from './queue-gate';
import { createUploadManager } from './uploads';
import { watchResumeTriggers, type WakeDetectorOptions } from './wake';

export interface OfflineQueuesOptions extends AppOfflineQueueOptions {
  queryClient: QueryClient;
  /** The offline-capable mutations (saving a collection, schedules, renames, image filters, failure labels). */
  mutations?: readonly OfflineMutation<never, unknown>[];
  db?: OfflineDb;
  gate?: QueueGateOptions;
  triggers?: WakeDetectorOptions & Parameters<typeof watchResumeTriggers>[1];
}

export type OfflineQueues = ReturnType<typeof startOfflineQueues>;

/**
 * Starts the offline layer of a signed-in page: the three queues on the one database, drained now (what a previous
 * page left), when the network returns, the page becomes visible or the device wakes, and when the user signs in again
 * after a refused refresh paused them. Returns the queues and the stop function.
 */
export function startOfflineQueues(options: OfflineQueuesOptions) {
  const { queryClient, mutations = [], db = offlineDb() } = options;
  void requestPersistentStorage();
  const gate = createQueueGate(options.gate);
  const refreshViews = (key: readonly string[]) => () => void queryClient.invalidateQueries({ queryKey: key });
  const downloads = createDownloadManager({ db, gate, ...options.downloads, onChange: refreshViews(offlineKeys.downloads()) });
  const uploads = createUploadManager({ db, gate, ...options.uploads, onChange: refreshViews(offlineKeys.uploads()) });
  const outbox = createOutbox({ db, gate });
  registerOfflineMutations(queryClient, outbox, mutations);

  function drainAll(): Promise<unknown> {
    return Promise.all([downloads.drain(), uploads.drain(), outbox.flush()]);
  }

  const stopTriggers = watchResumeTriggers(() => void drainAll(), options.triggers);
  const stopSessionWatch = subscribeSession((session) => {
    if (!session || !gate.isSignInNeeded()) return;
    gate.resume();
    void drainAll();
  });
  void drainAll();

  return {
    db,
    gate,
    downloads,
    uploads,
    outbox,
    drainAll,
    /** Adds offline mutations of a feature loaded later, then replays the changes of theirs that were waiting. */
    registerMutations(more: readonly OfflineMutation<never, unknown>[]): Promise<unknown> {
      registerOfflineMutations(queryClient, outbox, more);
      return outbox.flush();
    },
    stop(): void {
      stopTriggers();
      stopSessionWatch();
      downloads.stop();
      uploads.stop();
    },
  };
}

let appQueues: { queryClient: QueryClient; queues: OfflineQueues } | null = null;

/**
 * The page's one offline layer, started on first call (by the entry once a user is signed in, or by the first feature
 * that needs it), so the sign-in page never loads Dexie. Later calls with the same query client return the same queues;
 * a page has one query client, and a test that renders a new app gets queues that refresh that app's views.
 */
export function ensureAppOfflineQueues(queryClient: QueryClient): OfflineQueues {
  if (appQueues?.queryClient !== queryClient) {
    appQueues?.queues.stop();
    appQueues = { queryClient, queues: startOfflineQueues({ queryClient, ...appOfflineQueueOptions() }) };
  }
  return appQueues.queues;
}

/** The app's offline queues, for components (see ensureAppOfflineQueues). */
export function useAppOfflineQueues(): OfflineQueues {
  return ensureAppOfflineQueues(useQueryClient());
}
