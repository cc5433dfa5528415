import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The files under `folder` (relative to `root`) whose names match `name`, relative to `root`, sorted. */
export function testFilesUnder(root: string, folder: string, name: RegExp): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => join(folder, file))
    .filter((file) => name.test(file))
    .sort();
}
