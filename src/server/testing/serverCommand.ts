import { buildServerBundle, SERVER_BUNDLE, SERVER_BUNDLE_NODE_ARGS } from '../bundle/serverBundle';

/** Set by the end-to-end tests' global setup (tests/e2e/global-setup.ts) once it has built the bundle for its run. */
export const SERVER_BUNDLE_BUILT_ENV = 'STUDIO_SERVER_BUNDLE_BUILT';

let bundle: Promise<string> | undefined;

/**
 * Node's arguments that start the server as `npm run serve` does, from a bundle of the sources as they are now: built
 * once per process, or once per run by the end-to-end global setup. A bundle left by an earlier `npm run build` is not
 * trusted, since it may predate the change under test; a build takes about 2 s of CPU, most of it bundling the gateway
 * agent, which each start from the bundle then no longer does.
 */
export async function serverNodeArgs(): Promise<string[]> {
  bundle ??= process.env[SERVER_BUNDLE_BUILT_ENV] ? Promise.resolve(SERVER_BUNDLE) : buildServerBundle();
  return [...SERVER_BUNDLE_NODE_ARGS, await bundle];
}
