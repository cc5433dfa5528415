import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reachability } from '../lib/reachability';
import { subscribeSession } from '../lib/session';
import { appOfflineQueueOptions, type AppOfflineQueueOptions } from './app-queue-options';
import { ACTIVE_QUEUE_STATUSES, isOwnedBy, offlineDb, requestPersistentStorage, type OfflineDb } from './db';
import { createDownloadManager } from './downloads';
import { offlineKeys } from './offline-keys';
import { createOutbox, registerOfflineMutations, type OfflineMutation } from './outbox';
import { createQueueGate, type QueueGateOptions } from './queue-gate';
import { startReachabilityProbe, type ReachabilityProbeOptions } from './reachability-probe';
import { setWorkWaitingForSignIn, type WorkWaitingForSignIn } from './sign-in-needed';
import { createUploadManager } from './uploads';
import { watchResumeTriggers, type WakeDetectorOptions } from './wake';

export interface OfflineQueuesOptions extends AppOfflineQueueOptions {
  queryClient: QueryClient;
  /** Offline-capable mutations known from the start (the app's come through `loadMutations`). */
  mutations?: readonly OfflineMutation<never, unknown>[];
  db?: OfflineDb;
  gate?: QueueGateOptions;
  triggers?: WakeDetectorOptions & Parameters<typeof watchResumeTriggers>[1];
  probe?: Omit<ReachabilityProbeOptions, 'workWaits'>;
}

export type OfflineQueues = ReturnType<typeof startOfflineQueues>;

/** What of `userId`'s queued work waits: outbox changes, and uploads and downloads not finished. */
export async function countWaitingWork(db: OfflineDb, userId: string): Promise<WorkWaitingForSignIn> {
  const [changes, uploads, downloads] = await Promise.all([
    db.outbox.where('userId').equals(userId).count(),
    db.uploads.where('status').anyOf(ACTIVE_QUEUE_STATUSES).filter((item) => isOwnedBy(item, userId)).count(),
    db.downloads.where('status').anyOf(ACTIVE_QUEUE_STATUSES).filter((item) => isOwnedBy(item, userId)).count(),
  ]);
  return { changes, transfers: uploads + downloads };
}

/**
 * Starts the offline layer of a signed-in page: the three queues on the one database, drained now (what a previous
 * page left), when the network returns, the page becomes visible or the device wakes, and when a user signs in. Each
 * drain sends only the signed-in user's items. Returns the queues and the stop function.
 */
export function startOfflineQueues(options: OfflineQueuesOptions) {
  const { queryClient, mutations = [], db = offlineDb() } = options;
  let stopped = false;
  /**
   * Starts work nobody awaits. Once the queues stopped, its failure is the database closed under it (the page going
   * away, a test's teardown) and means nothing; before that it stays an error anyone can see.
   */
  const inBackground = (work: Promise<unknown> | undefined): void => {
    void work?.catch((error: unknown) => {
      if (!stopped) throw error;
    });
  };
  inBackground(requestPersistentStorage());
  const gate = createQueueGate(options.gate);
  const refreshViews = (key: readonly string[]) => () => void queryClient.invalidateQueries({ queryKey: key });
  const downloads = createDownloadManager({ db, gate, ...options.downloads, onChange: refreshViews(offlineKeys.downloads()) });
  const uploads = createUploadManager({ db, gate, ...options.uploads, onChange: refreshViews(offlineKeys.uploads()) });
  const outbox = createOutbox({
    db,
    gate,
    onReplayed: (mutation, variables) => {
      for (const queryKey of mutation.refreshes?.(variables) ?? []) void queryClient.invalidateQueries({ queryKey });
    },
    // The change stays on screen from the moment its entry leaves the outbox until the refetch brings the server's.
    onSent: (mutation, variables) => {
      for (const view of mutation.shows?.(variables) ?? []) {
        queryClient.setQueriesData({ queryKey: view.queryKey }, (data: unknown) => (data === undefined ? data : view.apply(data as never)));
      }
    },
  });
  registerOfflineMutations(queryClient, outbox, mutations);

  /** Every queue, now: used at start, on sign-in and on the resume triggers, all moments when conditions changed. */
  function drainAll(): Promise<unknown> {
    return Promise.all([downloads.drain(), uploads.resume(), outbox.flush()]);
  }

  function registerMutations(more: readonly OfflineMutation<never, unknown>[]): Promise<unknown> {
    registerOfflineMutations(queryClient, outbox, more);
    return outbox.flush();
  }

  /** Tells the sign-in page (and the shell's banner) what waits for the user whose refused refresh paused the queues. */
  async function publishSignInNeeded(): Promise<void> {
    const owner = gate.isSignInNeeded() ? gate.pausedFor() : null;
    const waiting = owner === null ? null : await countWaitingWork(db, owner);
    setWorkWaitingForSignIn(waiting && waiting.changes + waiting.transfers > 0 ? waiting : null);
  }

  const stopPauseWatch = gate.subscribe(() => inBackground(publishSignInNeeded()));
  const stopTriggers = watchResumeTriggers(() => inBackground(drainAll()), options.triggers);
  // Lie-fi sends no 'online' event: the server answering again (a probe, any request) is the trigger that counts.
  const probeReachability = options.probe?.reachability ?? reachability;
  const stopReachabilityWatch = probeReachability.subscribe((reachable) => {
    if (reachable) inBackground(drainAll());
  });
  const stopProbe = startReachabilityProbe({
    ...options.probe,
    reachability: probeReachability,
    workWaits: async () => {
      const userId = gate.currentUserId();
      if (userId === null) return false;
      const waiting = await countWaitingWork(db, userId);
      return waiting.changes + waiting.transfers > 0;
    },
  });
  // A sign-in lifts a pause and sends that user's items; another user's items keep waiting for their owner. A token
  // refresh rewrites the session too but is no sign-in: draining on it would, whenever the new token already counts as
  // due (a device clock running ahead), refresh again before the drain, rewrite the session, drain again, and never stop.
  let sessionUserId = gate.currentUserId();
  const stopSessionWatch = subscribeSession((session) => {
    const signedIn = session !== null && (session.userId !== sessionUserId || gate.isSignInNeeded());
    sessionUserId = session?.userId ?? null;
    if (!signedIn) return;
    if (gate.isSignInNeeded()) gate.resume();
    inBackground(drainAll());
  });
  inBackground(drainAll());
  inBackground(options.loadMutations?.().then(registerMutations));

  return {
    db,
    gate,
    downloads,
    uploads,
    outbox,
    drainAll,
    /** Adds offline mutations of a feature loaded later, then replays the changes of theirs that were waiting. */
    registerMutations,
    /** Registers one mutation before its first use (a component's render); replays its waiting changes once. */
    ensureMutation<TVariables, TData>(mutation: OfflineMutation<TVariables, TData>): void {
      if (!outbox.isRegistered(mutation.mutationKey)) inBackground(registerMutations([mutation as OfflineMutation<never, unknown>]));
    },
    stop(): void {
      stopped = true;
      stopTriggers();
      stopReachabilityWatch();
      stopProbe();
      stopSessionWatch();
      stopPauseWatch();
      gate.stop();
      outbox.stop();
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

/** Stops the page's offline layer, if started: its timers and listeners end (a test file's teardown). */
export function stopAppOfflineQueues(): void {
  appQueues?.queues.stop();
  appQueues = null;
}

/** The app's offline queues, for components (see ensureAppOfflineQueues). */
export function useAppOfflineQueues(): OfflineQueues {
  return ensureAppOfflineQueues(useQueryClient());
}
