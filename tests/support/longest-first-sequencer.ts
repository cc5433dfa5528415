/**
 * Runs each project's test files longest first, from the durations recorded in tests/support/file-durations.json
 * (`npm run test:durations` brings it up to date). vitest orders files by its own cache of the last run's durations,
 * which a clean clone (CI) does not have; it then goes by file size, and the e2e phase once started its one-minute
 * soak 730 s in, to end alone 53 s after every other file. Longest first leaves the short files for the end, where
 * they keep both workers busy. Files not in the record run first, as vitest runs unknown files first.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const FILE_DURATIONS_FILE = new URL('./file-durations.json', import.meta.url);

export type FileDurations = Record<string, number>;

/** `<project>:<path from the root>`, a file's key in the record. */
export function durationKey(project: string, file: string): string {
  return `${project}:${file}`;
}

export function readFileDurations(): FileDurations {
  return JSON.parse(readFileSync(FILE_DURATIONS_FILE, 'utf8')) as FileDurations;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readFileDurations();
    const root = this.ctx.config.root;
    const durationOf = (spec: TestSpecification) => durations[durationKey(spec.project.name, relative(root, spec.moduleId))] ?? Number.POSITIVE_INFINITY;
    // vitest's order decides between projects (they run one after the other) and between files of equal record.
    const projects = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const specs = projects.get(spec.project.name) ?? [];
      specs.push(spec);
      projects.set(spec.project.name, specs);
    }
    return [...projects.values()].flatMap((specs) => specs.sort((a, b) => durationOf(b) - durationOf(a)));
  }
}
