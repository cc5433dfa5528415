/**
 * npm test: every check of the project, stage by stage, and at the end a table of where the time went.
 *
 * The phases of a stage run side by side (the type checks and lint); each phase's output is then kept and printed whole
 * when it ends, so phases never interleave.
 * The first stage that fails stops the run; the table shows what ran. Each phase is also an npm script of its own
 * (npm run test:unit, ...), for running one alone.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

interface Phase {
  name: string;
  /** npm scripts run one after another; the first that fails ends the phase. */
  scripts: readonly string[];
}

interface PhaseResult {
  phase: Phase;
  stage: number;
  seconds: number;
  ok: boolean;
  tests: string;
}

const STAGES: readonly (readonly Phase[])[] = [
  // ESLint takes longest: the dependency rules run after the type check, beside it, rather than after it.
  [
    { name: 'typecheck, dependency rules', scripts: ['typecheck', 'lint:deps'] },
    { name: 'lint', scripts: ['lint:code'] },
  ],
  [{ name: 'unit', scripts: ['test:unit'] }],
  // One after the other: side by side, their servers and browsers took 1278 and 1363 s, against 422 to 569 s each
  // one after the other in CI, and the busy machine reset keep-alive connections.
  [{ name: 'server on SQLite', scripts: ['test:server'] }],
  [{ name: 'server on PostgreSQL', scripts: ['test:server:pg'] }],
  [{ name: 'build', scripts: ['build'] }],
  [{ name: 'e2e', scripts: ['test:e2e'] }],
  // Alone: Appium, its Chromium and the agent beside two other e2e files loaded two cores past their other files'
  // 30 s waits (four of them failed in one run).
  [{ name: 'e2e on a phone (Appium)', scripts: ['test:e2e:mobile'] }],
];

// eslint-disable-next-line no-control-regex -- vitest colours its summary
const ANSI = /\u001b\[[0-9;]*m/g;

/** vitest's summary line, e.g. "Tests  1124 passed | 3 skipped (1127)". */
function testCounts(output: string): string {
  return [...output.replace(ANSI, '').matchAll(/^\s*Tests\s+(.+)$/gm)].map((match) => match[1]?.trim() ?? '').join(' + ');
}

/** Runs one npm script, its output kept in `chunks` (and streamed when asked); whether it passed. */
function runScript(script: string, chunks: Buffer[], streamed: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const keep = (chunk: Buffer) => {
      chunks.push(chunk);
      if (streamed) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve(code === 0));
  });
}

async function runPhase(phase: Phase, stage: number, streamed: boolean): Promise<PhaseResult> {
  const started = performance.now();
  const chunks: Buffer[] = [];
  let ok = true;
  for (const script of phase.scripts) {
    ok = await runScript(script, chunks, streamed);
    if (!ok) break;
  }
  const output = Buffer.concat(chunks).toString('utf8');
  const commands = phase.scripts.map((script) => `npm run ${script}`).join(' && ');
  if (!streamed) process.stdout.write(`\n===== ${phase.name} (${commands}) =====\n${output}`);
  return { phase, stage, seconds: (performance.now() - started) / 1000, ok, tests: testCounts(output) };
}

/** Steps before npm test (.ci/run's apt-get and npm ci), as `name<TAB>seconds` lines in STUDIO_SETUP_TIMES. */
function setupSteps(): string[][] {
  const file = process.env.STUDIO_SETUP_TIMES;
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', seconds = ''] = line.split('\t');
      return ['set-up', name, `${seconds} s`, 'done', ''];
    });
}

function printTable(results: readonly PhaseResult[], totalSeconds: number): void {
  const rows = [
    ...setupSteps(),
    ...results.map((result) => [`stage ${result.stage}`, result.phase.name, `${result.seconds.toFixed(0)} s`, result.ok ? 'passed' : 'FAILED', result.tests]),
    ['', 'npm test in all', `${totalSeconds.toFixed(0)} s (${(totalSeconds / 60).toFixed(1)} min)`, results.every((result) => result.ok) ? 'passed' : 'FAILED', ''],
  ];
  const header = ['when', 'phase', 'time', 'result', 'tests'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}\n${rows.map(line).join('\n')}`);
  console.log('The phases of one stage run side by side, so their times overlap; the stages run one after another.');
}

const suiteStarted = performance.now();
const results: PhaseResult[] = [];
for (const [index, stage] of STAGES.entries()) {
  const stageResults = await Promise.all(stage.map((phase) => runPhase(phase, index + 1, stage.length === 1)));
  results.push(...stageResults);
  if (stageResults.some((result) => !result.ok)) break;
}
printTable(results, (performance.now() - suiteStarted) / 1000);
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
