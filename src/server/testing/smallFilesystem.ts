import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallFilesystem {
  dir: string;
  /** Fills the filesystem with one file until `freeBytes` (rounded to blocks) are left. */
  fillLeaving(freeBytes: number): void;
  /** Deletes what fillLeaving wrote. */
  empty(): void;
  unmount(): void;
}

const FILLER = 'filler.bin';

export function freeBytesOf(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * A tmpfs of `sizeBytes` mounted on a fresh folder: a disk that really fills up. Mounting needs root (CI and this
 * project's machines run as root); where the kernel refuses, it answers the reason instead, for the test to skip loudly.
 */
export function mountSmallFilesystem(sizeBytes: number): SmallFilesystem | string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-small-fs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  const filler = join(dir, FILLER);
  return {
    dir,
    fillLeaving(freeBytes) {
      const toWrite = freeBytesOf(dir) - freeBytes;
      if (toWrite > 0) writeFileSync(filler, new Uint8Array(toWrite), { flag: 'a' });
    },
    empty() {
      rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
