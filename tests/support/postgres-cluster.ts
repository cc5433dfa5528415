/**
 * A throwaway PostgreSQL cluster: its own data folder, 127.0.0.1 and a free port, started and then stopped and removed
 * (DESIGN.md, "Beyond one machine"). Used by with-postgres.ts (the server suite's PostgreSQL half) and by the
 * end-to-end test of several replicas.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/server/testing/freePort';

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's binaries (PG_BIN overrides), or undefined when none is installed. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(POSTGRES_ROOT, versions[0], 'bin');
}

/** Shared memory, where a cluster goes when it has room: a throwaway cluster needs no disk. */
const MEMORY_FOLDER = '/dev/shm';
/** Room a cluster may need in memory: the server suite's PostgreSQL half makes hundreds of databases of about 10 MB. */
const MEMORY_NEEDED_BYTES = 8 * 1024 ** 3;

/**
 * Where the cluster's folder goes: in memory when there is room, else the temporary folder. On disk, each of the
 * server suite's databases took about 95 ms to make from a template and removing the cluster at the end took 25 s;
 * in memory, 20 ms and well under a second.
 */
function clusterParentFolder(): string {
  try {
    const memory = statfsSync(MEMORY_FOLDER);
    if (memory.bavail * memory.bsize >= MEMORY_NEEDED_BYTES) return MEMORY_FOLDER;
  } catch {
    // No shared memory folder on this system.
  }
  return tmpdir();
}

export const POSTGRES_MISSING_MESSAGE = `PostgreSQL is not installed (no ${POSTGRES_ROOT}/<version>/bin/initdb). Install it with: apt-get install -y postgresql`;

export interface PostgresCluster {
  /** The administrator's URL: postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the cluster at once and removes its folder; safe to call twice. */
  stop(): void;
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  // initdb and pg_ctl refuse to run as root: then the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const root = mkdtempSync(join(clusterParentFolder(), 'studio-pg-'));
  const dataDir = join(root, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }

  const runOwner = (program: string, args: string[]): void => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
    const result = spawnSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stdout.toString()}${result.stderr.toString()}`);
  };

  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      runOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch (error) {
      console.error(`Stopping the throwaway PostgreSQL cluster: ${(error as Error).message}`);
    }
    rmSync(root, { recursive: true, force: true });
  };

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
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
