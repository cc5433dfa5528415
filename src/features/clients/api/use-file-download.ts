import { useState } from 'react';
import { saveBlob } from '../../../lib/save-blob';
import { downloadWithProgress, type DownloadProgress } from './clients';

export interface FileDownloadRequest {
  path: string;
  fileName: string;
  method?: string;
  json?: unknown;
  knownSize?: number;
}

/**
 * One download at a time with its progress. A failure is only logged (spec part 3 §8 'Client download errors are only
 * logged'): the button comes back so the user can try again.
 */
export function useFileDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  async function start({ path, fileName, ...init }: FileDownloadRequest): Promise<void> {
    setProgress({ loaded: 0, total: init.knownSize ?? null });
    try {
      saveBlob(fileName, await downloadWithProgress(path, init, setProgress));
    } catch (error) {
      console.error(`Client download of ${fileName} failed`, error);
    } finally {
      setProgress(null);
    }
  }
  return { progress, downloading: progress !== null, start };
}

/** Percent done, or undefined (an indeterminate bar) when the size is unknown. */
export function percentOf(progress: DownloadProgress): number | undefined {
  return progress.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : undefined;
}
