import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { zip, type Zippable } from 'fflate';
import { DESKTOP_CLIENT_FILE } from '../clients/clientsFolder';
import { writeWhole } from '../disk/writeWhole';
import { log } from '../logs/logger';
import { PROJECT_ROOT } from '../projectRoot';
import { bundleAgent, PREBUILT_AGENT_BUNDLE } from './agentBundle';

const PLAYWRIGHT_CORE = join(PROJECT_ROOT, 'node_modules/playwright-core');
/**
 * Zips already built, by stamp (zipStamp): every data folder of this installation (a test server's, a
 * second replica's) copies one instead of zipping playwright-core again.
 */
export const AGENT_ZIP_CACHE_DIR = join(PROJECT_ROOT, 'node_modules/.cache/studio-gateway-agent');
/** Unix file mode in the zip's external attributes (os 3 = Unix): start.sh must be executable once unpacked. */
const EXECUTABLE = { os: 3, attrs: 0o100755 << 16 };

const START_SH = `#!/bin/sh
# Starts the gateway agent: ./start.sh --platform https://studio.example.com --token ga_...
cd "$(dirname "$0")" || exit 1
exec node agent.mjs "$@"
`;
const START_CMD = `@echo off\r\nrem Starts the gateway agent: start.cmd --platform https://studio.example.com --token ga_...\r\ncd /d "%~dp0"\r\nnode agent.mjs %*\r\n`;
const README = `Desktop gateway agent

This machine joins the platform as a DESKTOP resource and runs the collections the platform gives it in a local
Chromium (headed when a display is present). It only calls the platform; nothing needs to reach this machine.

Needs: Node.js 20 or later, and Chromium or Google Chrome (or set CHROMIUM_PATH to the browser's executable).

Start (the token comes from Resource Management > Desktop > Gateway agents, shown once when created):
  Linux / macOS:  ./start.sh --platform https://your-platform --token ga_...
  Windows:        start.cmd --platform https://your-platform --token ga_...
Options: --name NAME (the resource's name), --headless (no window even with a display).

The agent sends a heartbeat every 10 s; it stops when its token is revoked. An .exe installer is not provided.

Contents: agent.mjs (the agent, bundled), node_modules/playwright-core (the browser driver), start.sh, start.cmd.
`;

/** A file of playwright-core as the zip holds it, and what the stamp knows of it. */
interface PlaywrightFile {
  path: string;
  /** Its path inside the package, with forward slashes. */
  inside: string;
  size: number;
  mtimeMs: number;
  executable: boolean;
}

async function playwrightFiles(): Promise<PlaywrightFile[]> {
  const entries = await readdir(PLAYWRIGHT_CORE, { withFileTypes: true, recursive: true });
  const paths = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(
    paths.sort().map(async (path) => {
      const info = await stat(path);
      const inside = relative(PLAYWRIGHT_CORE, path).split(sep).join('/');
      return { path, inside, size: info.size, mtimeMs: info.mtimeMs, executable: (info.mode & 0o111) !== 0 };
    }),
  );
}

/** The zip's entries that are not the agent or playwright-core: the same in every zip this code builds. */
const FIXED_ENTRIES: Record<string, { data: Uint8Array; executable: boolean }> = {
  'start.sh': { data: new TextEncoder().encode(START_SH), executable: true },
  'start.cmd': { data: new TextEncoder().encode(START_CMD), executable: false },
  'README.txt': { data: new TextEncoder().encode(README), executable: false },
  'package.json': {
    data: new TextEncoder().encode(JSON.stringify({ name: 'gateway-agent', private: true, type: 'module' }, null, 2)),
    executable: false,
  },
};

/**
 * A stamp of everything the zip holds, so an unchanged zip is neither rebuilt nor copied again. The agent counts by its
 * bundle's bytes, which is exactly what the zip holds, however it was bundled. playwright-core counts by each file's
 * path, size, time and mode (about 120 files, a few ms of CPU): its version alone would miss a file edited in place (a
 * patch, a debugging session), and hashing its 14 MB on every start would cost more than it guards.
 */
function zipStamp(agent: Uint8Array, playwright: readonly PlaywrightFile[]): string {
  const hash = createHash('sha256');
  hash.update(`agent.mjs:${createHash('sha256').update(agent).digest('hex')}\n`);
  for (const [name, { data, executable }] of Object.entries(FIXED_ENTRIES)) {
    hash.update(`${name}:${createHash('sha256').update(data).digest('hex')}:${executable}\n`);
  }
  for (const file of playwright) hash.update(`playwright-core/${file.inside}:${file.size}:${file.mtimeMs}:${file.executable}\n`);
  return hash.digest('hex');
}

const zipAsync = (files: Zippable) =>
  new Promise<Uint8Array>((resolveZip, rejectZip) => {
    zip(files, { level: 6 }, (error, data) => (error ? rejectZip(error) : resolveZip(data)));
  });

async function zipAgent(agent: Uint8Array, playwright: readonly PlaywrightFile[]): Promise<Uint8Array> {
  const entry = (data: Uint8Array, executable: boolean): Zippable[string] => (executable ? [data, EXECUTABLE] : data);
  const files: Zippable = { 'agent.mjs': agent };
  for (const [name, { data, executable }] of Object.entries(FIXED_ENTRIES)) files[name] = entry(data, executable);
  for (const file of playwright) {
    files[`node_modules/playwright-core/${file.inside}`] = entry(new Uint8Array(await readFile(file.path)), file.executable);
  }
  return zipAsync(files);
}

export interface AgentZipOptions {
  /**
   * The agent's bundle to put in the zip as agent.mjs; without one, esbuild bundles the sources now. By default the
   * one built with the server bundle when the server runs from it (PREBUILT_AGENT_BUNDLE).
   */
  prebuiltAgent?: string;
  /** The zips already built, by stamp (AGENT_ZIP_CACHE_DIR). */
  cacheDir?: string;
}

/**
 * Builds `gateway-agent.zip` into `folder` (the clients folder): the agent's bundle as agent.mjs, a copy of
 * node_modules/playwright-core (pure JavaScript), start.sh, start.cmd and README.txt. Written under a temporary name
 * and renamed, so a download never reads half a zip. Skipped when the zip there has the same stamp, and copied from
 * `cacheDir` when another folder's had. Answers the zip's path.
 */
export async function buildAgentZip(
  folder: string,
  { prebuiltAgent = PREBUILT_AGENT_BUNDLE, cacheDir = AGENT_ZIP_CACHE_DIR }: AgentZipOptions = {},
): Promise<string> {
  const target = join(folder, DESKTOP_CLIENT_FILE);
  const stampFile = `${target}.stamp`;
  const agent = prebuiltAgent === undefined ? await bundleAgent() : new Uint8Array(await readFile(prebuiltAgent));
  const playwright = await playwrightFiles();
  const stamp = zipStamp(agent, playwright);
  const built = await readFile(stampFile, 'utf8').catch(() => '');
  if (built === stamp && (await stat(target).catch(() => undefined))) return target;

  const cached = join(cacheDir, `${stamp}.zip`);
  if (!(await stat(cached).catch(() => undefined))) await writeWhole(cached, await zipAgent(agent, playwright));
  await writeWhole(target, { copyOf: cached });
  await writeFile(stampFile, stamp);
  return target;
}

/**
 * Builds the zip in the background after `delayMs`, so the server's start and its first requests are not slowed;
 * a failure is logged and leaves the download answering that the client is not built yet.
 */
export function buildAgentZipLater(folder: string, delayMs = 3_000): void {
  const timer = setTimeout(() => {
    buildAgentZip(folder).then(
      (file) => log().info({ file, agent: PREBUILT_AGENT_BUNDLE ?? 'bundled from the sources' }, 'Gateway agent zip ready'),
      (error: unknown) => log().error({ err: error }, 'The gateway agent zip could not be built'),
    );
  }, delayMs);
  timer.unref();
}
