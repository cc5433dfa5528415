/**
 * The unit test files that replace modules (vi.mock, vi.doMock). They run each in a worker of its own: in a worker
 * shared with other files, the module they replace may be loaded already, unreplaced, and a replaced module would be
 * met by the files after them. Worked out from the files' text at each run, so there is no list to keep.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testFilesUnder } from './test-files.ts';

const MODULE_MOCKING = /\bvi\.(?:mock|doMock)\(/;
const TEST_FILE = /\.test\.tsx?$/;

/** The test files under `folder` (relative to `root`) that replace modules, relative to `root`. */
export function moduleMockingTests(root: string, folder: string): string[] {
  return testFilesUnder(root, folder, TEST_FILE).filter((file) => MODULE_MOCKING.test(readFileSync(join(root, file), 'utf8')));
}
