import { join } from 'node:path';
import { build } from 'esbuild';
import { writeWhole } from '../disk/writeWhole';
import { PROJECT_ROOT } from '../projectRoot';

/**
 * The server as one ES module, which `npm run serve` and every test that spawns the server run. Inside the project, so
 * the packages it leaves out (all of node_modules) are found as from src/; never committed (.gitignore).
 */
export const SERVER_BUNDLE = join(PROJECT_ROOT, 'dist-server', 'main.mjs');
const ENTRY = join(PROJECT_ROOT, 'src/server/main.ts');

/**
 * Node's flags for running the bundle: stack traces in the log name the source files and lines, not the bundle's.
 * `npm run serve` (package.json) passes the same.
 */
export const SERVER_BUNDLE_NODE_ARGS = ['--enable-source-maps'] as const;

/**
 * Bundles src/server/main.ts with esbuild into SERVER_BUNDLE and its source map, and answers the bundle's path.
 * Started under tsx, the server compiled its whole module graph on every start (5.3 s of CPU, against 2.4 s from the
 * bundle), and the end-to-end tests start it about 40 times. Packages stay imports: native ones such as
 * better-sqlite3 cannot be bundled, and the server finds playwright-core's own files through it.
 */
export async function buildServerBundle(): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // The sources are beside it in the project; the map only needs their names and lines.
    sourcesContent: false,
    write: false,
    logLevel: 'silent',
  });
  // Each file whole (a server starting meanwhile never reads half of one), the map first, so the bundle never names
  // a map that is not there yet.
  const isMap = (path: string) => path.endsWith('.map');
  for (const file of [...outputFiles.filter((output) => isMap(output.path)), ...outputFiles.filter((output) => !isMap(output.path))]) {
    await writeWhole(file.path, file.contents);
  }
  return SERVER_BUNDLE;
}
