import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { MobileDevice } from '../../shared/contracts/mobile';
import { PROJECT_ROOT } from '../projectRoot';
import { chromiumPathFrom } from '../runs/executor/chromiumPath';
import { freePort } from './freePort';

/**
 * The real Appium server of the mobile tests, from node_modules, on loopback. APPIUM_HOME is the project root: Appium
 * finds the drivers that are npm dependencies of its package.json (appium-chromium-driver, @appium/fake-driver), so
 * `npm ci` installs everything and no `appium driver install` is needed.
 */
const APPIUM_MAIN = join(PROJECT_ROOT, 'node_modules/appium/index.js');

/** Starting Appium loads every driver's module graph: seconds on a busy machine. A safety net, not a speed limit. */
const START_LIMIT_MS = 90_000;
const STATUS_POLL_MS = 100;
/** A port taken between choosing and listening: try another. */
const START_ATTEMPTS = 3;

export interface AppiumServer {
  /** The server's base URL, e.g. http://127.0.0.1:4723 */
  url: string;
  /** Everything Appium printed so far: print it when a test fails. */
  output(): string;
  /** SIGKILL to Appium and what it started, as a crash: sessions end without being deleted. Resolves when it is gone. */
  kill(): Promise<void>;
  /** Stops Appium (it deletes its sessions); resolves when the process is gone. */
  close(): Promise<void>;
}

async function isReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { value?: { ready?: boolean } };
    return response.ok && body.value?.ready === true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveExit) => child.once('exit', () => resolveExit()));
}

/** Resolves when /status answers ready; rejects when Appium exits first or the safety net runs out. */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  let gone = false;
  void exited(child).then(() => (gone = true));
  const deadline = Date.now() + START_LIMIT_MS;
  while (!(await isReady(url))) {
    if (gone) throw new Error(`Appium exited before it was ready:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`Appium was not ready at ${url} after ${START_LIMIT_MS} ms:\n${output()}`);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, STATUS_POLL_MS));
  }
}

async function startOnce(): Promise<AppiumServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [APPIUM_MAIN, '--address', '127.0.0.1', '--port', String(port), '--log-no-colors', '--log-timestamp'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, APPIUM_HOME: PROJECT_ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the chromedrivers and browsers it starts end with it.
    detached: true,
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const output = () => Buffer.concat(chunks).toString('utf8');
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // the group has already ended
    }
  };
  const stop = async (signal: NodeJS.Signals) => {
    if (signal === 'SIGKILL') killGroup(signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited(child);
    killGroup('SIGKILL');
  };
  try {
    await waitUntilReady(url, child, output);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { url, output, kill: () => stop('SIGKILL'), close: () => stop('SIGTERM') };
}

export async function startAppium(): Promise<AppiumServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce();
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!portTaken || attempt === START_ATTEMPTS) throw error;
    }
  }
}

/** Debian's chromium through Debian's chromedriver in a phone's viewport with touch (DESIGN.md, Appium). */
export const EMULATED_PHONE: MobileDevice = {
  udid: 'emulated-pixel-7',
  platform: 'ANDROID',
  name: 'Pixel 7 (emulated)',
  model: 'Pixel 7',
  osVersion: '',
  capabilities: {
    platformName: 'linux',
    'appium:automationName': 'Chromium',
    browserName: 'chrome',
    'appium:executable': '/usr/bin/chromedriver',
    'goog:chromeOptions': {
      binary: chromiumPathFrom(process.env),
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      mobileEmulation: { deviceName: 'Pixel 7' },
    },
  },
};
