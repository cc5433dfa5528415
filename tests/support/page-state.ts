/**
 * What a page keeps in module state, put back as a fresh page load would have it. The unit files share their worker's
 * loaded modules and window (vite.config.ts), so whatever one file's app started or left behind would otherwise meet
 * the next file. The unit set-up (tests/setup/unit.ts) calls this at each file's end.
 */
import { reachability } from '../../src/lib/reachability';
import { stopAppOfflineQueues } from '../../src/offline/offline-queues';
import { stopPollProbes } from '../../src/offline/polling';
import { clientsFake } from '../msw/clients';
import { groupsBackend } from '../msw/groups';
import { importExportBackend } from '../msw/importexport';
import { interactiveBotsBackend } from '../msw/interactive-bots';
import { organizationsBackend } from '../msw/organizations';
import { recordingBackend } from '../msw/recordings';
import { studioBackend } from '../msw/studio-handlers';
import { usersBackend } from '../msw/users';
import { clearAppOfflineDb } from './app-offline-db';
import { happyDom } from './happy-dom';

/** The fake services whose records a file's tests fill (the set-up resets the sign-in service after every test). */
const FAKE_BACKENDS = [clientsFake, groupsBackend, importExportBackend, interactiveBotsBackend, organizationsBackend, recordingBackend, studioBackend, usersBackend];

export async function resetPageState(): Promise<void> {
  // The app's offline layer outlives a test's render (a page has one): its wake timer and resume triggers stop.
  stopAppOfflineQueues();
  stopPollProbes();
  // Timers and requests still pending (a blob's later release, a poll) belong to the page that is going.
  await happyDom()?.abort();
  // The outbox and queues a file left would be replayed by the next file's app.
  await clearAppOfflineDb();
  // A file that ended with the server unreachable would start the next one offline.
  reachability.answered(Date.now());
  for (const backend of FAKE_BACKENDS) backend.reset();
}
