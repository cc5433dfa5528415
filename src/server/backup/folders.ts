import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { attachmentsRoot } from '../importexport/attachments';
import { exportsDir } from '../importexport/exportFile';
import { importsDir } from '../importexport/importFiles';
import { artifactsRoot } from '../runs/artifacts';
import { BackupError } from './backupError';
import { FILES_FOLDER, hashFile, manifestPathOf, pathIn, type ManifestFile } from './manifest';

/**
 * The folders of ARTIFACTS_DIR a backup copies: run artifacts (screenshots, videos, HTTP responses), collection
 * attachments, export files and pending imports. The clients folder is left out: the server builds it anew at start.
 */
export function fileFolders(filesDir: string): string[] {
  return [artifactsRoot(filesDir), attachmentsRoot(filesDir), exportsDir(filesDir), importsDir(filesDir)];
}

/** Files copied at once: enough to keep a disk busy, few enough to leave the server its share. */
const COPY_CONCURRENCY = 8;

async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPY_CONCURRENCY, items.length) }, worker));
  return results;
}

/**
 * The regular files under `folder`, leaving out names starting with '.': files being written (`.<id>.partial`
 * exports, `.staging-<id>` imports) that are renamed into place once complete.
 */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(folder, file).split(sep).some((part) => part.startsWith('.')));
}

/**
 * Copies the files of `filesDir` into `<backupDir>/files/` and answers each copy's manifest entry, hashed from the
 * copy itself. A file removed while the copy runs (a replaced export, a finished import) is left out.
 */
export async function copyFilesOut(filesDir: string, backupDir: string): Promise<ManifestFile[]> {
  const files = (await Promise.all(fileFolders(filesDir).map(filesUnder))).flat();
  const copied = await inBatches(files, async (file) => {
    const path = manifestPathOf(join(FILES_FOLDER, relative(filesDir, file)));
    const target = pathIn(backupDir, path);
    await mkdir(dirname(target), { recursive: true });
    try {
      await copyFile(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return { path, ...(await hashFile(target)) };
  });
  return copied.filter((entry) => entry !== null).sort((a, b) => a.path.localeCompare(b.path));
}

/** Copies the backup's files (manifest entries under files/) into `filesDir`. */
export async function copyFilesIn(backupDir: string, files: readonly ManifestFile[], filesDir: string): Promise<void> {
  const prefix = `${FILES_FOLDER}/`;
  await inBatches(
    files.filter((file) => file.path.startsWith(prefix)),
    async (file) => {
      const target = pathIn(filesDir, file.path.slice(prefix.length));
      await mkdir(dirname(target), { recursive: true });
      await copyFile(pathIn(backupDir, file.path), target, constants.COPYFILE_EXCL);
    },
  );
}

/** What a folder argument names: resolved, described for messages. */
export interface NamedFolder {
  path: string;
  /** e.g. "--to", "DATA_DIR". */
  role: string;
}

/**
 * Makes sure `folder` can take new content without overwriting anything: it is made when missing, and refused when it
 * is a file, holds anything, or cannot be written.
 */
export async function prepareEmptyFolder({ path, role }: NamedFolder): Promise<void> {
  const found = await stat(path).catch(() => null);
  if (found && !found.isDirectory()) throw new BackupError(`${role} ${path} is a file, not a folder.`);
  if (found) {
    const entries = await readdir(path);
    if (entries.length > 0) {
      const shown = entries.slice(0, 3).join(', ');
      throw new BackupError(`${role} ${path} is not empty (${entries.length} entries: ${shown}${entries.length > 3 ? ', …' : ''}): choose an empty or new folder, so that nothing is overwritten.`);
    }
  }
  try {
    await mkdir(path, { recursive: true });
    await access(path, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reasons: Record<string, string> = { EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'read-only file system', ENOTDIR: 'a part of the path is a file', ENOSPC: 'the disk is full' };
    const reason = (code && reasons[code]) ?? (error as Error).message;
    throw new BackupError(`Cannot write to ${role} ${path}: ${reason}.`);
  }
}

/** Empties folders prepared by prepareEmptyFolder after a failed restore, so the operator can simply try again. */
export async function emptyFolders(folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    const entries = await readdir(folder).catch(() => []);
    await Promise.all(entries.map((entry) => rm(join(folder, entry), { recursive: true, force: true })));
  }
}

/** Whether `inner` is `outer` or lies inside it. */
export function isWithin(inner: string, outer: string): boolean {
  const path = relative(resolve(outer), resolve(inner));
  return path === '' || !(path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path));
}
