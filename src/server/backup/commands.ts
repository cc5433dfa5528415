import { parseArgs, type ParseArgsConfig } from 'node:util';
import { log } from '../logs/logger';
import { readServerOptions } from '../options';
import { takeBackup, type DataLocation } from './backup';
import { BackupError } from './backupError';
import type { BackupManifest } from './manifest';
import { restoreBackup } from './restore';

/** What the operator reads: plain lines on standard output and standard error (the server's own log is JSON). */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const processOutput: CommandOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Exit codes: 0 done, 1 refused or failed, 2 wrong arguments (usage shown). */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

const ENVIRONMENT_HELP = `The data comes from the server's settings: DATA_DIR (default ./data), ARTIFACTS_DIR (default DATA_DIR) and
DATABASE_URL (PostgreSQL; pg_dump and pg_restore from PG_BIN or the PATH).`;

const BACKUP_USAGE = `Usage: npm run backup -- --to DIR
  --to   a new or empty folder for the backup: the database, the files, and manifest.json (counts and SHA-256 hashes)
${ENVIRONMENT_HELP}`;

const RESTORE_USAGE = `Usage: npm run restore -- --from DIR
  --from  a folder written by npm run backup; it is checked against its manifest before anything is written
Restores into an empty DATA_DIR (and ARTIFACTS_DIR), or on PostgreSQL into the empty database of DATABASE_URL.
${ENVIRONMENT_HELP}`;

class UsageError extends Error {}

/** The one folder option of a command, or a UsageError naming what is wrong. */
function folderArgument(argv: readonly string[], option: 'to' | 'from'): string {
  const options: ParseArgsConfig['options'] = { [option]: { type: 'string' } };
  let value: unknown;
  try {
    value = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values[option];
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const folder = typeof value === 'string' ? value.trim() : '';
  if (folder === '') throw new UsageError(`Missing --${option} DIR.`);
  return folder;
}

function dataLocation(env: NodeJS.ProcessEnv): DataLocation {
  try {
    const { dataDir, artifactsDir, databaseUrl } = readServerOptions(env);
    return { dataDir, artifactsDir, databaseUrl };
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
}

const megabytes = (manifest: BackupManifest) => (manifest.files.reduce((sum, file) => sum + file.bytes, 0) / 1e6).toFixed(1);
const summary = (manifest: BackupManifest) =>
  `${manifest.counts.runs} runs, ${manifest.counts.stepResults} step results, ${manifest.counts.files} files (${megabytes(manifest)} MB)`;

async function runCommand(
  verb: 'Backup' | 'Restore',
  usage: string,
  output: CommandOutput,
  work: () => Promise<string>,
): Promise<number> {
  try {
    output.out(await work());
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${verb} refused: ${error.message}`);
      output.err(usage);
      return EXIT_USAGE;
    }
    if (error instanceof BackupError) {
      output.err(`${verb} refused: ${error.message}`);
      return EXIT_FAILED;
    }
    // Not the operator's doing (a full disk, a bug): the reason in one line; the stack at LOG_LEVEL=debug.
    log().debug({ err: error }, `${verb} failed`);
    output.err(`${verb} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  }
}

export function backupCommand(argv: readonly string[], env: NodeJS.ProcessEnv, output: CommandOutput = processOutput): Promise<number> {
  return runCommand('Backup', BACKUP_USAGE, output, async () => {
    const to = folderArgument(argv, 'to');
    const started = performance.now();
    const manifest = await takeBackup(dataLocation(env), to);
    return `Backup written to ${to}: ${summary(manifest)} in ${((performance.now() - started) / 1000).toFixed(1)} s.`;
  });
}

export function restoreCommand(argv: readonly string[], env: NodeJS.ProcessEnv, output: CommandOutput = processOutput): Promise<number> {
  return runCommand('Restore', RESTORE_USAGE, output, async () => {
    const from = folderArgument(argv, 'from');
    const location = dataLocation(env);
    const manifest = await restoreBackup(location, from);
    const into = location.databaseUrl ? 'the database of DATABASE_URL' : location.dataDir;
    return `Restored the backup of ${manifest.createdAt} into ${into}: ${summary(manifest)}.`;
  });
}
