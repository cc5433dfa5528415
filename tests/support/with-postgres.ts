/**
 * Runs a command against a throwaway PostgreSQL cluster: its own data folder, 127.0.0.1 and a free port, started
 * before the command and stopped and removed after it (DESIGN.md, "Beyond one machine"). The command finds the
 * cluster's administrator URL in STUDIO_TEST_POSTGRES_URL.
 *
 *   node --import tsx tests/support/with-postgres.ts vitest run --project server
 *
 * Without Debian's postgresql package the command is skipped with a loud message, except under CI=true, where that
 * is a failure: CI must test both databases.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const POSTGRES_ROOT = '/usr/lib/postgresql';

function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(POSTGRES_ROOT, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: with-postgres.ts <command> [args...]');
  process.exit(2);
}

const bin = postgresBinDir();
if (!bin) {
  const banner = '#'.repeat(100);
  const message = `PostgreSQL is not installed (no ${POSTGRES_ROOT}/<version>/bin/initdb): the PostgreSQL half of the server tests did not run. Install it with: apt-get install -y postgresql`;
  console.error(`\n${banner}\n# ${message}\n${banner}\n`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

// initdb and pg_ctl refuse to run as root: then the cluster belongs to the postgres user.
const asRoot = process.getuid?.() === 0;
const asOwner = (program: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];

const root = mkdtempSync(join(tmpdir(), 'studio-pg-'));
const dataDir = join(root, 'data');
if (asRoot) {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(root, uid, gid);
}

function runOwner(program: string, args: string[]): void {
  const [file, argv] = asOwner(program, args);
  const result = spawnSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${program} failed (${result.status}): ${result.stdout.toString()}${result.stderr.toString()}`);
  }
}

let stopped = false;
function stopCluster(): void {
  if (stopped) return;
  stopped = true;
  try {
    runOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch (error) {
    console.error(`Stopping the throwaway PostgreSQL cluster: ${(error as Error).message}`);
  }
  rmSync(root, { recursive: true, force: true });
}

const port = await freePort();
// The cluster is thrown away after the run, so durability settings are off: the tests measure our code, not fsync.
const settings = [
  `-p ${port}`,
  `-k ${root}`,
  '-c listen_addresses=127.0.0.1',
  '-c max_connections=300',
  '-c fsync=off',
  '-c synchronous_commit=off',
  '-c full_page_writes=off',
];
try {
  runOwner('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  runOwner('pg_ctl', ['-D', dataDir, '-l', join(root, 'postgres.log'), '-o', settings.join(' '), '-w', 'start']);
} catch (error) {
  stopCluster();
  console.error((error as Error).message);
  process.exit(1);
}
const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`== Throwaway PostgreSQL cluster at ${url} (${bin})`);

const [program = '', ...args] = command;
const local = join(process.cwd(), 'node_modules', '.bin', program);
const child = spawn(existsSync(local) ? local : program, args, {
  stdio: 'inherit',
  env: { ...process.env, STUDIO_TEST_POSTGRES_URL: url },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stopCluster();
  process.exit(code ?? (signal ? 1 : 0));
});
