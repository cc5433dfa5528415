/**
 * End-to-end harness: the real platform server (a child process on a random port with a fresh
 * data folder) and the system Chromium driven by playwright-core. Used by tests/e2e and tests/bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../src/server/runs/executor/browserExecutor';
import { listeningOriginOf } from '../../src/server/listeningLine';
import { PROJECT_ROOT } from '../../src/server/projectRoot';
import { serverNodeArgs } from '../../src/server/testing/serverCommand';
import { CHROMIUM_PATH, TEST_BROWSER_PATH } from '../../src/server/testing/testBrowser';

export { CHROMIUM_PATH };

export const ROOT_DIR = PROJECT_ROOT;
export const ARTIFACTS_DIR = join(ROOT_DIR, 'tests', '.artifacts');
const SERVER_START_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LINES_KEPT = 200;

/**
 * Whether the end-to-end files can run. CI must have Chromium, so its absence fails there at once;
 * on a developer machine the files are skipped, loudly.
 */
export const chromiumMissing = !existsSync(CHROMIUM_PATH);
if (chromiumMissing) {
  const advice = `Chromium was not found at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`;
  if (process.env.CI) throw new Error(`End-to-end tests cannot run: ${advice}`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING END-TO-END TESTS: ${advice}\n${'!'.repeat(78)}\n`);
}

/**
 * The server's environment for a platform that runs no collection: without it, each start warms two Chromiums for a
 * browser pool nobody uses (the product's default). The warm browsers took about a sixth of the e2e phase's CPU.
 */
export const WITHOUT_BROWSER_POOL: NodeJS.ProcessEnv = { BROWSER_POOL_SIZE: '0' };

export interface AdminCredentials {
  email: string;
  password: string;
}

export interface Platform {
  /** e.g. http://127.0.0.1:41234 (no trailing slash); the app lives under `${baseUrl}/studio/`. */
  readonly baseUrl: string;
  readonly admin: AdminCredentials;
  readonly dataDir: string;
  /** The server process's id (the benches read its CPU time from /proc). */
  pid(): number;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  /** Stops the server on the same port and data folder and starts it again (after `kill()` too). */
  restart(): Promise<void>;
  /** Kills the server with SIGKILL, as a crash would: no shutdown code runs. `restart()` brings it back. */
  kill(): Promise<void>;
  /** Stops the server and deletes its data folder. */
  stop(): Promise<void>;
}

interface RunningServer {
  child: ChildProcess;
  origin: string;
  printedAdmin: Partial<AdminCredentials>;
}

function requireBuiltApp(): void {
  // The server serves STATIC_DIR when it is set (as the benches may, to measure another build), else dist/.
  if (!existsSync(join(process.env.STATIC_DIR ?? join(ROOT_DIR, 'dist'), 'index.html'))) {
    throw new Error('dist/ is missing: the end-to-end tests serve the built app. Run "npm run build" first (npm test does).');
  }
}

async function launchServer(env: NodeJS.ProcessEnv, log: string[], nodeArgs: readonly string[]): Promise<RunningServer> {
  const child = spawn(process.execPath, [...nodeArgs, ...(await serverNodeArgs())], { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const printedAdmin: Partial<AdminCredentials> = {};
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not print its address within ${SERVER_START_TIMEOUT_MS} ms:\n${log.join('\n')}`));
    }, SERVER_START_TIMEOUT_MS);
    const onLine = (line: string) => {
      // One line per HTTP request would soon push the server's own messages out of the lines kept.
      if (!line.includes('"msg":"request"')) {
        log.push(line);
        if (log.length > OUTPUT_LINES_KEPT) log.shift();
      }
      // The server's output is its structured log (JSON lines); the first start logs the generated credentials once.
      const created = /"msg":"Administrator created"/.test(line) ? (JSON.parse(line) as { email?: string; generatedPassword?: string }) : undefined;
      if (created?.email) printedAdmin.email = created.email;
      if (created?.generatedPassword) printedAdmin.password = created.generatedPassword;
      const origin = listeningOriginOf(line);
      if (origin) {
        clearTimeout(timer);
        resolvePromise({ child, origin, printedAdmin });
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}, signal ${signal}) before listening:\n${log.join('\n')}`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

function killServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill('SIGKILL');
  });
}

/**
 * Starts the real server with a fresh data folder; `env` adds to or overrides the defaults, and `nodeArgs` go to the
 * server's node (a bench profiles it with --cpu-prof). `admin` names the administrator when it is given in `env`
 * (STUDIO_ADMIN_EMAIL and STUDIO_ADMIN_PASSWORD), as for a replica joining a database that has one already.
 */
export async function startPlatform({
  env = {},
  nodeArgs = [],
  admin,
}: { env?: NodeJS.ProcessEnv; nodeArgs?: readonly string[]; admin?: AdminCredentials } = {}): Promise<Platform> {
  requireBuiltApp();
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  const log: string[] = [];
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CHROMIUM_PATH, ...env };
  let server = await launchServer(baseEnv, log, nodeArgs).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { email, password } = admin ?? server.printedAdmin;
  if (!email || !password) {
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The server did not print the administrator credentials on first start:\n${log.join('\n')}`);
  }
  const port = new URL(server.origin).port;
  return {
    baseUrl: server.origin,
    admin: { email, password },
    dataDir,
    pid: () => server.child.pid ?? 0,
    output: () => log.join('\n'),
    async restart() {
      await stopServer(server.child);
      // The same port keeps the origin, so the browser's service worker and storage carry over.
      server = await launchServer({ ...baseEnv, PORT: port }, log, nodeArgs);
    },
    kill: () => killServer(server.child),
    async stop() {
      await stopServer(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS });
}

/**
 * Whether screenshot() saves anything: not under CI (CI set), where no one looks at the pictures and drawing and
 * encoding a hundred full pages costs the e2e phase CPU that its tests need; E2E_SCREENSHOTS=1 asks for them anyway.
 */
const SCREENSHOTS_WANTED = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Saves a full-page screenshot as tests/.artifacts/<name>.png for a human to look at (see SCREENSHOTS_WANTED). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}
