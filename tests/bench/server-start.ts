/**
 * A platform start as `npm run serve` and the end-to-end tests make it: the server bundle (dist-server/, built first by
 * the harness) on a fresh SQLite data folder, from spawn to the line that says it listens. ROUNDS starts, one at a time.
 * Prints `server-start-cpu` (s), the median CPU the server process had used (utime + stime from /proc) when the
 * harness read that line, and `server-start-wall` (s), the median time from spawn to that line. No budget: the e2e
 * phase starts about 40 servers, so this is its fixed cost. Run alone with `node --import tsx tests/bench/server-start.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startPlatform } from '../e2e/harness';
import { median, printFigure, processCpuSeconds } from './figures';

const ROUNDS = 5;

export interface ServerStartBench {
  cpuSeconds: number;
  wallSeconds: number;
}

export async function runServerStartBench(): Promise<ServerStartBench> {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const platform = await startPlatform();
    wall.push((performance.now() - started) / 1000);
    cpu.push(processCpuSeconds(platform.pid()));
    await platform.stop();
  }
  const figures = { cpuSeconds: median(cpu), wallSeconds: median(wall) };
  printFigure('server-start-cpu', figures.cpuSeconds, 's');
  printFigure('server-start-wall', figures.wallSeconds, 's');
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runServerStartBench();
}
