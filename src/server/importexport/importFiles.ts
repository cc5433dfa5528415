import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Uploaded files of pending imports wait under DATA_DIR/imports until the import completes or is cancelled. */
function importsDir(dataDir: string): string {
  return join(dataDir, 'imports');
}

export async function keepImportFile(dataDir: string, processId: string, bytes: Uint8Array): Promise<string> {
  const fileName = `${processId}.bin`;
  await mkdir(importsDir(dataDir), { recursive: true });
  await writeFile(join(importsDir(dataDir), fileName), bytes);
  return fileName;
}

export async function readImportFile(dataDir: string, fileName: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(join(importsDir(dataDir), fileName)));
}

export async function dropImportFile(dataDir: string, fileName: string | null): Promise<void> {
  if (fileName !== null) await rm(join(importsDir(dataDir), fileName), { force: true });
}
