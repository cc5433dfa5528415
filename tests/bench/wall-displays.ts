/**
 * Wall displays under load (issue 10): 1000 simulated displays, each polling `stats/getRunningTabData`,
 * `scheduleQueue/getQueue` and `importexport/getStatus` every 5 s (each on its own phase, as three queries would) with
 * If-None-Match and Accept-Encoding, each display over its own keep-alive connections, for 60 s, on loopback, against
 * the real server in its own process. Prints the latency p50 and p99 of every poll, the share answered 304, the errors
 * and the server's CPU share (its utime + stime from /proc over the wall time, 100 % = one core). Run alone with
 * `node --import tsx tests/bench/wall-displays.ts` (needs dist/ and Chromium for the two seeded runs).
 *
 * With WALL_DISPLAY_PROFILE_DIR set, the server runs under `node --cpu-prof` and writes its profile there when it stops
 * (how docs/performance.md's profiles were taken).
 *
 * Signing in costs a deliberately slow scrypt hash, so the 1000 displays share 100 sessions (10 displays each); each
 * poll still verifies its token and checks its session.
 */
import { Agent, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi } from '../e2e/api';
import { startPlatform, type Platform } from '../e2e/harness';
import { percentile, printFigure, processCpuSeconds } from './figures';

export const WALL_DISPLAY_P99_BUDGET_MS = 50;
const DISPLAYS = Number(process.env.WALL_DISPLAYS ?? 1000);
const SESSIONS = 100;
const POLL_PERIOD_MS = 5_000;
const DURATION_MS = Number(process.env.WALL_DISPLAY_SECONDS ?? 60) * 1000;
/** A poll still unanswered this long counts as an error (and the bench ends at most this long after its 60 s). */
const POLL_TIMEOUT_MS = 10_000;
const POLLED = [endpoints.runs.runningTabData, endpoints.schedules.queue, endpoints.importExport.status] as const;

export interface WallDisplayBench {
  polls: number;
  p50Ms: number;
  p99Ms: number;
  notModifiedShare: number;
  errors: number;
  serverCpuShare: number;
}

interface PollResult {
  status: number;
  ms: number;
}

function poll(agent: Agent, url: URL, token: string, etag: string | undefined): Promise<PollResult & { etag?: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    if (etag) headers['if-none-match'] = etag;
    const outgoing = request(url, { agent, headers, timeout: POLL_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => {
        const tag = response.headers.etag;
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, ...(tag ? { etag: tag } : {}) });
      });
      response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end();
  });
}

async function seedRuns(platform: Platform): Promise<string[]> {
  const admin = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  for (const name of ['Demo_Sign_In', 'Demo_Wrong_Assertion']) {
    await admin.waitForRun(await admin.trigger(await admin.collectionIdByName(name)));
  }
  const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => PlatformApi.signIn(platform.baseUrl, platform.admin)));
  return sessions.map((session) => session.accessToken);
}

/** Runs the displays for DURATION_MS and answers what they saw. */
async function driveDisplays(platform: Platform, tokens: string[]): Promise<Omit<WallDisplayBench, 'serverCpuShare'>> {
  const results: PollResult[] = [];
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const agents: Agent[] = [];
  for (let display = 0; display < DISPLAYS; display += 1) {
    // A browser keeps up to 6 connections to one host; three polls need at most three.
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    agents.push(agent);
    const token = tokens[display % tokens.length] ?? '';
    for (const path of POLLED) {
      const url = new URL(path, platform.baseUrl);
      let etag: string | undefined;
      let busy = false;
      const tick = () => {
        // React Query never runs a query twice at once: a poll still waiting skips its turn.
        if (busy) return;
        busy = true;
        const done = poll(agent, url, token, etag).then((result) => {
          results.push({ status: result.status, ms: result.ms });
          if (result.status === 200) etag = result.etag;
          busy = false;
        });
        inFlight.add(done);
        void done.then(() => inFlight.delete(done));
      };
      const phase = Math.random() * POLL_PERIOD_MS;
      timers.push(
        setTimeout(() => {
          tick();
          timers.push(setInterval(tick, POLL_PERIOD_MS));
        }, phase),
      );
    }
  }
  await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
  timers.forEach((timer) => clearTimeout(timer));
  await Promise.all(inFlight);
  agents.forEach((agent) => agent.destroy());

  const answered = results.filter((result) => result.status === 200 || result.status === 304);
  const latencies = answered.map((result) => result.ms);
  return {
    polls: results.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    notModifiedShare: answered.filter((result) => result.status === 304).length / Math.max(1, results.length),
    errors: results.length - answered.length,
  };
}

export async function runWallDisplayBench(): Promise<WallDisplayBench> {
  const profileDir = process.env.WALL_DISPLAY_PROFILE_DIR;
  const platform = await startPlatform(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {});
  try {
    const tokens = await seedRuns(platform);
    const pid = platform.pid();
    const cpuBefore = processCpuSeconds(pid);
    const started = performance.now();
    const seen = await driveDisplays(platform, tokens);
    const serverCpuShare = (processCpuSeconds(pid) - cpuBefore) / ((performance.now() - started) / 1000);
    printFigure('wall-display-polls', seen.polls, `count (${DISPLAYS} displays, ${POLLED.length} endpoints every ${POLL_PERIOD_MS / 1000} s, ${DURATION_MS / 1000} s)`);
    printFigure('wall-display-p50', seen.p50Ms, 'ms');
    printFigure('wall-display-p99', seen.p99Ms, 'ms');
    printFigure('wall-display-304-share', seen.notModifiedShare * 100, '%');
    printFigure('wall-display-errors', seen.errors, 'count');
    printFigure('wall-display-server-cpu', serverCpuShare * 100, '% of one core');
    return { ...seen, serverCpuShare };
  } finally {
    await platform.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runWallDisplayBench();
}
