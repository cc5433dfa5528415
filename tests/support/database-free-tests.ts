/**
 * The server test files that never open a database: no module they import, directly or through others, is the
 * database module. They run once, with the SQLite half of the server suite; the PostgreSQL half leaves them out,
 * since running them again there would test nothing new (the phone executor against Appium, the step actions in
 * Chromium, the agent's zip, the log format...). Worked out from the imports at each run, so a test that starts to
 * use a database is run on both at once, with no list to keep.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { testFilesUnder } from './test-files.ts';

const DATABASE_MODULE = 'src/server/db/database.ts';
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
// Static imports and re-exports (`from '…'`), dynamic imports and vi.mock'd paths: relative specifiers only, since
// packages never reach our database module.
const RELATIVE_SPECIFIER = /(?:from|import\(|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g;
// Type-only imports and exports are erased before the code runs.
const TYPE_ONLY_STATEMENT = /^\s*(?:import|export)\s+type\s[^;]*;/gm;

function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((extension) => `${base}${extension}`), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

function reachesDatabase(file: string, database: string, seen: Set<string>): boolean {
  if (file === database) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  for (const [, specifier = ''] of readFileSync(file, 'utf8').replace(TYPE_ONLY_STATEMENT, '').matchAll(RELATIVE_SPECIFIER)) {
    const imported = resolveSpecifier(file, specifier);
    if (imported && reachesDatabase(imported, database, seen)) return true;
  }
  return false;
}

/** The `*.test.ts` files under `folders` (relative to `root`) that never reach the database module, relative to `root`. */
export function databaseFreeTests(root: string, folders: readonly string[]): string[] {
  const database = join(root, DATABASE_MODULE);
  return folders
    .flatMap((folder) => testFilesUnder(root, folder, /\.test\.ts$/))
    .filter((file) => !reachesDatabase(join(root, file), database, new Set()))
    .sort();
}
