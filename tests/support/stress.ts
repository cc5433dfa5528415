/**
 * npm run test:stress [-- --runs N --burners B --projects unit,unit-own-worker,server --tick-ms T] [file filters]: runs the unit and server phases N
 * times (3 by default) while B processes (2 by default) keep cores busy with an endless loop, as a loaded CI machine
 * does, and lists every test that failed in any run, with how often. File filters (as vitest takes them) narrow each run
 * to the files a change touched. Run it before a change to tests reaches main: a
 * test that fails here fails some day in CI.
 * --tick-ms gives the test servers' schedulers that interval instead of 50 ms: a server test that reads what a tick
 * writes (a firing's status, a run dispatched) without waiting for it fails at once, where CI's load fails it rarely.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

interface JsonAssertion {
  fullName: string;
  status: string;
}
interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: JsonAssertion[] }[];
}

const { values, positionals: fileFilters } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    burners: { type: 'string', default: '2' },
    projects: { type: 'string', default: 'unit,unit-own-worker,server' },
    'tick-ms': { type: 'string' },
  },
});
const runs = Number(values.runs);
const burnerCount = Number(values.burners);
const projects = values.projects.split(',').filter(Boolean);
const tickMs = values['tick-ms'];

function startBurners(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

function runVitest(outputFile: string): Promise<number> {
  const args = ['vitest', 'run', ...fileFilters, ...projects.flatMap((project) => ['--project', project]), '--reporter=dot', '--reporter=json', `--outputFile.json=${outputFile}`];
  return new Promise((resolve) => {
    const env = tickMs === undefined ? process.env : { ...process.env, TEST_SCHEDULER_INTERVAL_MS: tickMs };
    const child = spawn('npx', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const failures = new Map<string, number>();
const folder = mkdtempSync(join(tmpdir(), 'studio-stress-'));
const burners = startBurners(burnerCount);
const summaries: string[] = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const ticks = tickMs === undefined ? '' : `; server ticks every ${tickMs} ms`;
    console.log(`\n== stress run ${run} of ${runs} (${projects.join(', ')}; ${burnerCount} CPU burners${ticks})`);
    const started = performance.now();
    const outputFile = join(folder, `run-${run}.json`);
    const code = await runVitest(outputFile);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    let report: JsonReport;
    try {
      report = JSON.parse(readFileSync(outputFile, 'utf8')) as JsonReport;
    } catch {
      summaries.push(`run ${run}: vitest exited ${code} without a report (${seconds} s)`);
      failures.set('(no report: vitest itself failed)', (failures.get('(no report: vitest itself failed)') ?? 0) + 1);
      continue;
    }
    for (const file of report.testResults) {
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
      // A file that failed outside any test (a hook, an import) counts as the file itself.
      const names = failedTests.length > 0 ? failedTests.map((test) => `${file.name} > ${test.fullName}`) : file.status === 'failed' ? [`${file.name} (outside a test)`] : [];
      for (const name of names) failures.set(name, (failures.get(name) ?? 0) + 1);
    }
    summaries.push(`run ${run}: ${report.numFailedTests} of ${report.numTotalTests} tests failed, exit ${code}, ${seconds} s`);
  }
} finally {
  for (const burner of burners) burner.kill();
  rmSync(folder, { recursive: true, force: true });
}

console.log(`\n== stress summary (${burnerCount} CPU burners)\n${summaries.join('\n')}`);
if (failures.size === 0) {
  console.log(`No test failed in ${runs} runs.`);
} else {
  console.log(`Tests that failed at least once:`);
  for (const [name, count] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${count} of ${runs}  ${name}`);
  process.exitCode = 1;
}
