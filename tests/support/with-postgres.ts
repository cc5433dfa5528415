/**
 * Runs a command against a throwaway PostgreSQL cluster (postgres-cluster.ts), started before the command and stopped
 * and removed after it. The command finds the cluster's administrator URL in STUDIO_TEST_POSTGRES_URL.
 *
 *   node --import tsx tests/support/with-postgres.ts vitest run --project server
 *
 * Without Debian's postgresql package the command is skipped with a loud message, except under CI=true, where that
 * is a failure: CI must test both databases.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { POSTGRES_MISSING_MESSAGE, postgresBinDir, startPostgresCluster, type PostgresCluster } from './postgres-cluster';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: with-postgres.ts <command> [args...]');
  process.exit(2);
}

const bin = postgresBinDir();
if (!bin) {
  const banner = '#'.repeat(100);
  console.error(`\n${banner}\n# ${POSTGRES_MISSING_MESSAGE}: the PostgreSQL half of the server tests did not run.\n${banner}\n`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

let cluster: PostgresCluster;
try {
  cluster = await startPostgresCluster(bin);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(`== Throwaway PostgreSQL cluster at ${cluster.url} (${bin})`);

const [program = '', ...args] = command;
const local = join(process.cwd(), 'node_modules', '.bin', program);
const child = spawn(existsSync(local) ? local : program, args, {
  stdio: 'inherit',
  env: { ...process.env, STUDIO_TEST_POSTGRES_URL: cluster.url },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
