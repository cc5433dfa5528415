import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `start` that holds a package.json. */
export function folderWithPackageJson(start: string): string {
  let folder = start;
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No package.json in ${start} or above it`);
    folder = parent;
  }
  return folder;
}

/**
 * The project's folder, for the files the server reads at run time (the demo app's pages, the gateway agent's
 * sources). Found by walking up from this module's file rather than by a fixed `../..`: the same code runs from
 * src/server/ under tsx and from the bundle in dist-server/ (src/server/bundle/serverBundle.ts), at different depths.
 */
export const PROJECT_ROOT = folderWithPackageJson(dirname(fileURLToPath(import.meta.url)));
