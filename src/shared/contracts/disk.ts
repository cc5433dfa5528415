import { z } from 'zod';

/** Below this share of free space a folder is marked low on the Health page (issue 30). */
export const DISK_LOW_FREE_FRACTION = 0.1;
/** Below this share of free space the server refuses new runs and imports (issue 30). */
export const DISK_REFUSE_FREE_FRACTION = 0.02;
/** HTTP 507 Insufficient Storage: the answer to a run or import refused for want of disk space. */
export const DISK_FULL_STATUS = 507;

export const diskFolderSchema = z.object({
  /** The setting that names the folder: DATA_DIR, or ARTIFACTS_DIR when the files live elsewhere. */
  setting: z.enum(['DATA_DIR', 'ARTIFACTS_DIR']),
  totalBytes: z.number().int().nonnegative(),
  freeBytes: z.number().int().nonnegative(),
  /** ok, low (below 10 % free: warned), full (below 2 % free: new runs and imports refused). */
  level: z.enum(['ok', 'low', 'full']),
});
export type DiskFolder = z.infer<typeof diskFolderSchema>;

export const diskSpaceResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(diskFolderSchema),
});
export type DiskSpaceResponse = z.infer<typeof diskSpaceResponseSchema>;

const percent = (fraction: number) => `${(Math.floor(fraction * 1000) / 10).toFixed(1)} %`;

export const freeShare = (folder: Pick<DiskFolder, 'totalBytes' | 'freeBytes'>): number =>
  folder.totalBytes === 0 ? 0 : folder.freeBytes / folder.totalBytes;

export const DISK_MESSAGES = {
  /** Why a run or an import was refused. */
  refused: (what: 'runs' | 'imports', folder: Pick<DiskFolder, 'setting' | 'totalBytes' | 'freeBytes'>) =>
    `The server's disk is almost full: ${folder.setting} has ${percent(freeShare(folder))} free. New ${what} are refused ` +
    `below ${percent(DISK_REFUSE_FREE_FRACTION)} until an administrator frees space.`,
  /** The log line of a run whose artifact write found the disk full (ENOSPC). */
  runDiskFull: (detail: string) => `Disk full: the run's files could not be written (${detail}). The run ends here; free space on ARTIFACTS_DIR.`,
  /** What the Health page says of a folder below 10 % and below 2 % free. */
  low: `Below ${percent(DISK_LOW_FREE_FRACTION)} free: free some space soon.`,
  full: `Below ${percent(DISK_REFUSE_FREE_FRACTION)} free: new runs and imports are refused until space is freed.`,
  /** A request whose write found the disk full: nothing of it was kept. */
  requestDiskFull: "The server's disk is full: nothing was saved. Try again once an administrator has freed space.",
  percent,
};
