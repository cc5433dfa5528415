import { join } from 'node:path';
import { build } from 'esbuild';
import { writeWhole } from '../disk/writeWhole';
import { AGENT_BUNDLE_BESIDE_SERVER, AGENT_BUNDLE_DEFINE, bundleAgent } from '../gateway-agents/agentBundle';
import { PROJECT_ROOT } from '../projectRoot';

/**
 * The server bundle's folder. Inside the project, so the packages the bundle leaves out (all of node_modules) are
 * found as from src/; never committed (.gitignore).
 */
export const SERVER_BUNDLE_DIR = join(PROJECT_ROOT, 'dist-server');
/** The server as one ES module, which `npm run serve` and every test that spawns the server run. */
export const SERVER_BUNDLE = join(SERVER_BUNDLE_DIR, 'main.mjs');
const ENTRY = join(PROJECT_ROOT, 'src/server/main.ts');

/**
 * Node's flags for running the bundle: stack traces in the log name the source files and lines, not the bundle's.
 * `npm run serve` (package.json) passes the same.
 */
export const SERVER_BUNDLE_NODE_ARGS = ['--enable-source-maps'] as const;

/**
 * Bundles src/server/main.ts with esbuild into `main.mjs` of `folder` (SERVER_BUNDLE by default) with its source map,
 * and the gateway agent into AGENT_BUNDLE_BESIDE_SERVER there, and answers the server bundle's path.
 * Started under tsx, the server compiled its whole module graph on every start (5.3 s of CPU, against 2.4 s from the
 * bundle), and the end-to-end tests start it about 40 times. Packages stay imports: native ones such as
 * better-sqlite3 cannot be bundled, and the server finds playwright-core's own files through it. The agent is bundled
 * here rather than by each server start for its download zip (about 1.5 s of CPU a start, most of it in
 * esbuild's service), and the server bundle is told where it is (AGENT_BUNDLE_DEFINE).
 */
export async function buildServerBundle(folder = SERVER_BUNDLE_DIR): Promise<string> {
  const outfile = join(folder, 'main.mjs');
  const [{ outputFiles }, agent] = await Promise.all([
    build({
      entryPoints: [ENTRY],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      // The sources are beside it in the project; the map only needs their names and lines.
      sourcesContent: false,
      define: { [AGENT_BUNDLE_DEFINE]: JSON.stringify(`./${AGENT_BUNDLE_BESIDE_SERVER}`) },
      write: false,
      logLevel: 'silent',
    }),
    bundleAgent(),
  ]);
  // Each file whole (a server starting meanwhile never reads half of one); the agent and the map first, so the
  // bundle never names a file that is not there yet.
  await writeWhole(join(folder, AGENT_BUNDLE_BESIDE_SERVER), agent);
  const isMap = (path: string) => path.endsWith('.map');
  for (const file of [...outputFiles.filter((output) => isMap(output.path)), ...outputFiles.filter((output) => !isMap(output.path))]) {
    await writeWhole(file.path, file.contents);
  }
  return outfile;
}
