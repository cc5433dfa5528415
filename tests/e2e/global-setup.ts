import { buildServerBundle } from '../../src/server/bundle/serverBundle';
import { SERVER_BUNDLE_BUILT_ENV } from '../../src/server/testing/serverCommand';

/**
 * Builds the server bundle once for the whole end-to-end run, before any file starts a server: the files' workers
 * inherit the environment and start the server from it (src/server/testing/serverCommand.ts) instead of each file
 * building its own.
 */
export default async function buildServerOnce(): Promise<void> {
  await buildServerBundle();
  process.env[SERVER_BUNDLE_BUILT_ENV] = '1';
}
