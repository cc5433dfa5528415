import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `data` (bytes, or a file to copy) to `target` under a temporary name of its own and renames it, so no reader
 * sees half a file and two processes writing the same file at once do not mix their bytes.
 */
export async function writeWhole(target: string, data: Uint8Array | { copyOf: string }): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  await ('copyOf' in data ? copyFile(data.copyOf, partial) : writeFile(partial, data));
  await rename(partial, target);
}
