import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { ROOT_DIR, WITHOUT_BROWSER_POOL } from './harness';

/**
 * A copy of dist/ for the server to serve, so that a test can deploy a "new version" without touching the build.
 * Pass `serverOptions` to useE2E; the copy is deleted after the file's tests.
 */
export function useDeployableDist() {
  let staticDir = '';
  afterAll(() => {
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });
  return {
    serverOptions() {
      staticDir = mkdtempSync(join(tmpdir(), 'studio-static-'));
      cpSync(join(ROOT_DIR, 'dist'), staticDir, { recursive: true });
      return { env: { ...WITHOUT_BROWSER_POOL, STATIC_DIR: staticDir } };
    },
    /** A changed service worker script is a new version to the browser's next update check. */
    deployNewVersion(): void {
      appendFileSync(join(staticDir, 'sw.js'), '\n// next version\n');
    },
  };
}
