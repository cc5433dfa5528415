import type { DownloadManagerOptions } from './downloads';
import type { OfflineMutation } from './outbox';
import type { UploadManagerOptions } from './uploads';

/** What the app adds to its offline queues; type-only imports, so the entry can set it without loading Dexie. */
export interface AppOfflineQueueOptions {
  /** The export file check (features/importexport), which the offline layer may not import itself. */
  downloads?: Pick<DownloadManagerOptions, 'fetch' | 'verify'>;
  uploads?: Pick<UploadManagerOptions, 'transport'>;
  /**
   * Loads the app's offline-capable mutations (saving a collection, schedules, renames, image filters, failure labels),
   * so changes waiting from an earlier page replay at start, whichever screen opens first.
   */
  loadMutations?: () => Promise<readonly OfflineMutation<never, unknown>[]>;
}

let configured: AppOfflineQueueOptions = {};

/** Set once by the entry (main.tsx) before anything renders, so whichever code starts the queues first gets them. */
export function configureAppOfflineQueues(options: AppOfflineQueueOptions): void {
  configured = options;
}

export function appOfflineQueueOptions(): AppOfflineQueueOptions {
  return configured;
}
