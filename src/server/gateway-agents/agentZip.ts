import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import { zip, type Zippable } from 'fflate';
import { DESKTOP_CLIENT_FILE } from '../clients/clientsFolder';
import { writeWhole } from '../disk/writeWhole';
import { log } from '../logs/logger';
import { PROJECT_ROOT } from '../projectRoot';

const ENTRY = join(PROJECT_ROOT, 'src/gateway-agent/main.ts');
const PLAYWRIGHT_CORE = join(PROJECT_ROOT, 'node_modules/playwright-core');
/**
 * Zips already built from the same sources, by stamp: every data folder of this installation (a test server's, a
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

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The agent and everything it imports bundled into one ES module; playwright-core stays a package beside it. */
async function bundleAgent(): Promise<{ code: Uint8Array; inputs: string[] }> {
  const result = await build({
    entryPoints: [ENTRY],
    // The metafile's inputs are relative to this folder (sourceStamp resolves them), whatever the server's cwd.
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['playwright-core'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __agentRequire } from 'node:module'; const require = __agentRequire(import.meta.url);" },
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no agent bundle');
  return { code: output.contents, inputs: Object.keys(result.metafile.inputs) };
}

/** A stamp of what the zip is built from, so an unchanged build is not repeated. */
async function sourceStamp(inputs: readonly string[], playwrightFiles: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...inputs.map((input) => resolve(PROJECT_ROOT, input)), ...playwrightFiles].sort()) {
    const info = await stat(file);
    hash.update(`${file}:${info.size}:${info.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const zipAsync = (files: Zippable) =>
  new Promise<Uint8Array>((resolveZip, rejectZip) => {
    zip(files, { level: 6 }, (error, data) => (error ? rejectZip(error) : resolveZip(data)));
  });

async function zipAgent(code: Uint8Array, playwrightFiles: readonly string[]): Promise<Uint8Array> {
  const files: Zippable = {
    'agent.mjs': code,
    'start.sh': [new TextEncoder().encode(START_SH), EXECUTABLE],
    'start.cmd': new TextEncoder().encode(START_CMD),
    'README.txt': new TextEncoder().encode(README),
    'package.json': new TextEncoder().encode(JSON.stringify({ name: 'gateway-agent', private: true, type: 'module' }, null, 2)),
  };
  for (const file of playwrightFiles) {
    const inside = relative(PLAYWRIGHT_CORE, file).split(sep).join('/');
    const data = new Uint8Array(await readFile(file));
    const executable = ((await stat(file)).mode & 0o111) !== 0;
    files[`node_modules/playwright-core/${inside}`] = executable ? [data, EXECUTABLE] : data;
  }
  return zipAsync(files);
}

/**
 * Builds `gateway-agent.zip` into `folder` (the clients folder): the agent bundled with esbuild as agent.mjs, a copy
 * of node_modules/playwright-core (pure JavaScript), start.sh, start.cmd and README.txt. Written under a temporary name
 * and renamed, so a download never reads half a zip. Skipped when the zip there was built from the same sources, and
 * copied from `cacheDir` when another folder's was. Answers the zip's path.
 */
export async function buildAgentZip(folder: string, cacheDir = AGENT_ZIP_CACHE_DIR): Promise<string> {
  const target = join(folder, DESKTOP_CLIENT_FILE);
  const stampFile = `${target}.stamp`;
  const { code, inputs } = await bundleAgent();
  const playwrightFiles = await filesUnder(PLAYWRIGHT_CORE);
  const stamp = await sourceStamp(inputs, playwrightFiles);
  const built = await readFile(stampFile, 'utf8').catch(() => '');
  if (built === stamp && (await stat(target).catch(() => undefined))) return target;

  const cached = join(cacheDir, `${stamp}.zip`);
  if (!(await stat(cached).catch(() => undefined))) await writeWhole(cached, await zipAgent(code, playwrightFiles));
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
      (file) => log().info({ file }, 'Gateway agent zip ready'),
      (error: unknown) => log().error({ err: error }, 'The gateway agent zip could not be built'),
    );
  }, delayMs);
  timer.unref();
}
