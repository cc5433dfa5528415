import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Uploaded files of pending imports wait under DATA_DIR/imports until the import completes or is cancelled. */
export function importsDir(filesDir: string): string {
  return join(filesDir, 'imports');
}

export async function keepImportFile(filesDir: string, processId: string, bytes: Uint8Array): Promise<string> {
  const fileName = `${processId}.bin`;
  await mkdir(importsDir(filesDir), { recursive: true });
  await writeFile(join(importsDir(filesDir), fileName), bytes);
  return fileName;
}

export async function readImportFile(filesDir: string, fileName: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(join(importsDir(filesDir), fileName)));
}

export async function dropImportFile(filesDir: string, fileName: string | null): Promise<void> {
  if (fileName !== null) await rm(join(importsDir(filesDir), fileName), { force: true });
}
