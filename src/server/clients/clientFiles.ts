import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { CLIENT_FILE_NAME_PATTERN } from '../../shared/contracts/clients';
import { clientsFolder } from './clientsFolder';

export interface ClientFile {
  path: string;
  name: string;
  size: number;
  /** Size and modification time: the zip is rebuilt in place, so a new build is a new tag (If-Range, If-None-Match). */
  etag: string;
}

/**
 * The path of `fileName` directly inside the clients folder, or null when the name is not one plain file name or
 * would resolve anywhere else. The pattern already refuses separators, '..', NUL and absolute paths; the resolved
 * path is checked again so that no later change to the pattern can open the rest of the disk.
 */
export function clientFilePath(filesDir: string, fileName: string): string | null {
  if (!CLIENT_FILE_NAME_PATTERN.test(fileName) || isAbsolute(fileName)) return null;
  const folder = resolve(clientsFolder(filesDir));
  const path = resolve(folder, fileName);
  const rel = relative(folder, path);
  if (rel === '' || rel.startsWith('..') || rel.includes(sep) || isAbsolute(rel)) return null;
  return path;
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/**
 * The client file of that name when it exists as a regular file (a symbolic link is not followed: it could point out
 * of the folder); null when the name is refused or nothing is there.
 */
export async function findClientFile(filesDir: string, fileName: string): Promise<ClientFile | null> {
  const path = clientFilePath(filesDir, fileName);
  if (path === null) return null;
  const stats = await statOrNull(path);
  if (!stats?.isFile()) return null;
  return { path, name: fileName, size: stats.size, etag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"` };
}
