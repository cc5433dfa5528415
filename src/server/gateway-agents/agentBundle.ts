import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../projectRoot';

const ENTRY = join(PROJECT_ROOT, 'src/gateway-agent/main.ts');

/** Where the server bundle's build writes the agent's bundle, relative to the server bundle (serverBundle.ts). */
export const AGENT_BUNDLE_BESIDE_SERVER = 'gateway-agent/agent.mjs';

/**
 * The name the server bundle's build gives AGENT_BUNDLE_BESIDE_SERVER through esbuild's `define`. Compiled in rather
 * than looked up on disk: under tsx and vitest the name is left undefined, so the sources never pick up an agent
 * bundled from older sources, and a server bundle whose agent is missing fails loudly instead of bundling anew.
 */
export const AGENT_BUNDLE_DEFINE = 'STUDIO_GATEWAY_AGENT_BUNDLE';
declare const STUDIO_GATEWAY_AGENT_BUNDLE: string | undefined;

/**
 * The agent bundled with this server when it runs from the server bundle, else undefined. `typeof` because the name
 * is not declared at all when the sources run.
 */
export const PREBUILT_AGENT_BUNDLE: string | undefined =
  typeof STUDIO_GATEWAY_AGENT_BUNDLE === 'string' ? fileURLToPath(new URL(STUDIO_GATEWAY_AGENT_BUNDLE, import.meta.url)) : undefined;

/**
 * The agent and everything it imports bundled into one ES module; playwright-core stays a package beside it. Run by
 * the server bundle's build, and at run time only when the server runs from its sources.
 */
export async function bundleAgent(): Promise<Uint8Array> {
  // Loaded on use: a server started from its bundle never bundles, and so never loads esbuild or starts its service.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    // The bundle's comments name the sources relative to this folder: the same bytes whatever the server's cwd, and
    // whether the server bundle's build or a server running from the sources bundles it.
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['playwright-core'],
    write: false,
    logLevel: 'silent',
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __agentRequire } from 'node:module'; const require = __agentRequire(import.meta.url);" },
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no agent bundle');
  return output.contents;
}
