/**
 * Records how long each test file took into tests/support/file-durations.json, which orders the files longest first
 * (longest-first-sequencer.ts). Files of this run replace their entries; the others are kept.
 *
 *   npm run test:durations -- --project e2e
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { profileOf, totalMs } from './profile-reporter';
import { durationKey, FILE_DURATIONS_FILE, readFileDurations } from './longest-first-sequencer';

export default class DurationsReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const durations = readFileDurations();
    for (const profile of modules.map(profileOf)) durations[durationKey(profile.project, profile.file)] = Math.round(totalMs(profile) / 100) / 10;
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(FILE_DURATIONS_FILE, `${JSON.stringify(sorted, null, 1)}\n`);
    console.log(`Recorded the durations of ${modules.length} files in ${FILE_DURATIONS_FILE.pathname}`);
  }
}
