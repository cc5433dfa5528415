import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, TOKEN_HEADER } from '../../shared/endpoints';
import { DESKTOP_CLIENT_FILE } from '../clients/clientsFolder';
import { AGENT_BUNDLE_BESIDE_SERVER } from '../gateway-agents/agentBundle';
import { listeningOriginOf } from '../listeningLine';
import { PROJECT_ROOT } from '../projectRoot';
import { buildServerBundle, SERVER_BUNDLE_NODE_ARGS } from './serverBundle';

/** Node's loader hooks that make any import of esbuild fail, so a server that reaches for it cannot build the zip. */
const REFUSE_ESBUILD_HOOKS = `export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'esbuild' || specifier.startsWith('esbuild/')) throw new Error('esbuild was imported');
  return nextResolve(specifier, context);
}
`;

interface LogEntry {
  msg: string;
  [field: string]: unknown;
}

describe('the server bundle', { timeout: 120_000 }, () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
  });

  it('holds the gateway agent bundled beside it, which a server started from it zips without loading esbuild', async () => {
    // Inside the project, as dist-server/ is: the bundle's package imports resolve to the project's node_modules.
    await mkdir(join(PROJECT_ROOT, '.tmp'), { recursive: true });
    root = await mkdtemp(join(PROJECT_ROOT, '.tmp', 'server-bundle-'));
    const bundle = await buildServerBundle(join(root, 'dist-server'));
    const agent = await readFile(join(root, 'dist-server', AGENT_BUNDLE_BESIDE_SERVER));

    await writeFile(join(root, 'refuse-esbuild-hooks.mjs'), REFUSE_ESBUILD_HOOKS);
    const register = join(root, 'refuse-esbuild.mjs');
    await writeFile(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(root, 'refuse-esbuild-hooks.mjs')).href)});\n`);
    const refuseEsbuild = ['--import', pathToFileURL(register).href];
    // The guard itself works, so the server's success below is not for want of one.
    const guarded = spawnSync(process.execPath, [...refuseEsbuild, '--input-type=module', '-e', "await import('esbuild')"], { encoding: 'utf8' });
    expect(guarded.status).not.toBe(0);
    expect(guarded.stderr).toContain('esbuild was imported');

    const admin = { email: 'admin@bundle.test', password: 'bundle-test-password' };
    const child = spawn(process.execPath, [...refuseEsbuild, ...SERVER_BUNDLE_NODE_ARGS, bundle], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(root, 'data'),
        BROWSER_POOL_SIZE: '0',
        STUDIO_ADMIN_EMAIL: admin.email,
        STUDIO_ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const lines: LogEntry[] = [];
      // The zip is built 3 s after the server listens (buildAgentZipLater).
      const { baseUrl, zipLogged } = await new Promise<{ baseUrl: string; zipLogged: LogEntry }>((resolve, reject) => {
        let buffer = '';
        let listening: string | undefined;
        child.stdout.on('data', (chunk: Buffer) => {
          const complete = (buffer + chunk.toString()).split('\n');
          buffer = complete.pop() ?? '';
          for (const line of complete) {
            const entry = JSON.parse(line) as LogEntry;
            lines.push(entry);
            listening ??= listeningOriginOf(line);
            if (/gateway agent zip/i.test(entry.msg)) {
              if (listening) resolve({ baseUrl: listening, zipLogged: entry });
              else reject(new Error(`the zip was logged before the server listened: ${line}`));
            }
          }
        });
        void exited.then((code) => reject(new Error(`the server exited (${code}): ${JSON.stringify(lines)}`)));
      });
      expect(zipLogged).toMatchObject({ msg: 'Gateway agent zip ready', agent: join(root, 'dist-server', AGENT_BUNDLE_BESIDE_SERVER) });

      const signIn = await fetch(`${baseUrl}${endpoints.auth.tokens}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: admin.email, password: admin.password }),
      });
      expect(signIn.status).toBe(200);
      const download = await fetch(`${baseUrl}${endpoints.clients.file(DESKTOP_CLIENT_FILE)}`, {
        headers: { authorization: `Bearer ${signIn.headers.get(TOKEN_HEADER) ?? ''}` },
      });
      expect(download.status).toBe(200);
      const served = unzipSync(new Uint8Array(await download.arrayBuffer()), { filter: (entry) => entry.name === 'agent.mjs' });
      expect(Buffer.compare(served['agent.mjs'] ?? new Uint8Array(), agent)).toBe(0);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
