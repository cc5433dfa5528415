import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { FileRef } from '../../shared/contracts/runs';

export const ARTIFACTS_FOLDER = 'artifacts';

export function artifactsRoot(filesDir: string): string {
  return resolve(filesDir, ARTIFACTS_FOLDER);
}

/** A path or file name part reduced to characters safe on every file system. */
export function safeFileName(text: string): string {
  return text.replaceAll(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'file';
}

/**
 * The absolute file behind an artifact path (relative to the artifacts root, as step results store it), or null when
 * the path leaves the root (`..`, absolute paths, NUL) so a download can never read outside it.
 */
export function resolveArtifact(root: string, artifactPath: string): string | null {
  if (artifactPath === '' || artifactPath.includes('\0') || isAbsolute(artifactPath)) return null;
  const file = resolve(root, artifactPath);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) return null;
  return file;
}

/** Writes the artifacts of one run under <root>/<statusId>/, names numbered so loops never overwrite each other. */
export class RunArtifacts {
  private sequence = 0;
  readonly dir: string;

  constructor(
    root: string,
    readonly statusId: string,
  ) {
    this.dir = join(root, statusId);
  }

  /** A fresh file name in the run folder: its absolute path and its FileRef. */
  async reserve(label: string, extension: string): Promise<{ file: string; ref: FileRef }> {
    await mkdir(this.dir, { recursive: true });
    this.sequence += 1;
    const name = `${String(this.sequence).padStart(4, '0')}-${safeFileName(label)}.${extension}`;
    return { file: join(this.dir, name), ref: { path: `${this.statusId}/${name}`, name } };
  }

  async write(label: string, extension: string, data: string | Uint8Array): Promise<FileRef> {
    const { file, ref } = await this.reserve(label, extension);
    await writeFile(file, data);
    return ref;
  }
}
