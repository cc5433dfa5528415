import { statfs } from 'node:fs/promises';
import {
  DISK_FULL_STATUS,
  DISK_LOW_FREE_FRACTION,
  DISK_MESSAGES,
  DISK_REFUSE_FREE_FRACTION,
  freeShare,
  type DiskFolder,
} from '../../shared/contracts/disk';
import { ApiError } from '../http/apiError';

/** What statfs answers that matters here: block size, blocks, blocks free to an unprivileged writer. */
export type StatFs = (path: string) => Promise<{ bsize: number; blocks: number; bavail: number }>;

export interface DiskWatch {
  /** The free space of DATA_DIR and, when the files live elsewhere, ARTIFACTS_DIR, measured now. */
  space(): Promise<DiskFolder[]>;
  /** The first folder with less than 2 % free, if any. */
  fullFolder(): Promise<DiskFolder | undefined>;
  /** Throws 507 with a clear message when a folder has less than 2 % free. */
  assertRoomFor(what: 'runs' | 'imports'): Promise<void>;
}

function levelOf(folder: Pick<DiskFolder, 'totalBytes' | 'freeBytes'>): DiskFolder['level'] {
  const free = freeShare(folder);
  if (free < DISK_REFUSE_FREE_FRACTION) return 'full';
  return free < DISK_LOW_FREE_FRACTION ? 'low' : 'ok';
}

/**
 * Watches the folders the server writes. Each call measures anew: statfs costs microseconds, and a disk that fills
 * between two calls is exactly what the checks are for.
 */
export function createDiskWatch({ dataDir, filesDir }: { dataDir: string; filesDir: string }, measure: StatFs = statfs): DiskWatch {
  const folders: { setting: DiskFolder['setting']; path: string }[] = [
    { setting: 'DATA_DIR', path: dataDir },
    ...(filesDir === dataDir ? [] : [{ setting: 'ARTIFACTS_DIR' as const, path: filesDir }]),
  ];
  const space = () =>
    Promise.all(
      folders.map(async ({ setting, path }) => {
        const stats = await measure(path);
        const measured = { setting, totalBytes: stats.blocks * stats.bsize, freeBytes: stats.bavail * stats.bsize };
        return { ...measured, level: levelOf(measured) };
      }),
    );
  const fullFolder = async () => (await space()).find((folder) => folder.level === 'full');
  return {
    space,
    fullFolder,
    async assertRoomFor(what) {
      const full = await fullFolder();
      if (full) throw new ApiError(DISK_FULL_STATUS, DISK_MESSAGES.refused(what, full));
    },
  };
}

/** Whether an error is a write refused for want of space (ENOSPC, as Node, Playwright or SQLite word it). */
export function isDiskFull(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOSPC' || error.code === 'SQLITE_FULL')) return true;
  return error instanceof Error && /ENOSPC|no space left on device|database or disk is full/i.test(error.message);
}
