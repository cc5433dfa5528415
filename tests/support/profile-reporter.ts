/**
 * A vitest reporter that writes where each test file's time went (vitest's own per-file diagnostic: environment,
 * prepare, setup, collect, tests) as JSON, and prints the phase sums and the slowest files. Used to profile the
 * suite (docs/performance.md):
 *
 *   PROFILE_OUT=/tmp/unit.json npx vitest run --project unit --project unit-own-worker --reporter=default --reporter=./tests/support/profile-reporter.ts
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileProfile {
  file: string;
  project: string;
  tests: number;
  environmentMs: number;
  prepareMs: number;
  setupMs: number;
  collectMs: number;
  testsMs: number;
}

const PHASES = ['environmentMs', 'prepareMs', 'setupMs', 'collectMs', 'testsMs'] as const;
const SLOWEST_SHOWN = 15;

export function profileOf(module: TestModule): FileProfile {
  const diagnostic = module.diagnostic();
  return {
    file: relative(process.cwd(), module.moduleId),
    project: module.project.name,
    tests: [...module.children.allTests()].length,
    environmentMs: Math.round(diagnostic.environmentSetupDuration),
    prepareMs: Math.round(diagnostic.prepareDuration),
    setupMs: Math.round(diagnostic.setupDuration),
    collectMs: Math.round(diagnostic.collectDuration),
    testsMs: Math.round(diagnostic.duration),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** A file's time from its environment's set-up to its last test's end. */
export const totalMs = (profile: FileProfile) => PHASES.reduce((sum, phase) => sum + profile[phase], 0);

export default class ProfileReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const profiles = modules.map(profileOf);
    const out = process.env.PROFILE_OUT;
    if (out) writeFileSync(out, JSON.stringify(profiles, null, 1));
    const sums = PHASES.map((phase) => `${phase.replace('Ms', '')} ${seconds(profiles.reduce((sum, p) => sum + p[phase], 0))}`);
    console.log(`\nPer-file phase sums over ${profiles.length} files: ${sums.join(', ')}`);
    console.log(`Slowest files (environment + prepare + setup + collect + tests):`);
    for (const profile of [...profiles].sort((a, b) => totalMs(b) - totalMs(a)).slice(0, SLOWEST_SHOWN)) {
      console.log(`  ${seconds(totalMs(profile)).padStart(8)}  ${profile.file} (${profile.tests} tests; before the first test ${seconds(totalMs(profile) - profile.testsMs)})`);
    }
  }
}
