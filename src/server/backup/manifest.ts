import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { z } from 'zod';
import { BackupError } from './backupError';

/** The manifest's name in a backup folder: written last, so a backup without it is incomplete. */
export const MANIFEST_FILE = 'manifest.json';
/** The database in a backup folder: a SQLite file, or pg_dump's custom format. */
export const SQLITE_COPY = 'database.sqlite';
export const POSTGRES_DUMP = 'database.dump';
/** The folder of the copied files (ARTIFACTS_DIR's artifacts, attachments, exports and imports) in a backup. */
export const FILES_FOLDER = 'files';

const MANIFEST_FORMAT = 'studio-platform-backup';
const MANIFEST_VERSION = 1;

const relativePath = z
  .string()
  .min(1)
  .refine((path) => !path.startsWith('/') && !path.includes('\0') && !path.split('/').includes('..'), 'must stay inside the backup');

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** The database's file in the backup folder. */
  database: relativePath,
  counts: z.object({ runs: z.number().int().min(0), stepResults: z.number().int().min(0), files: z.number().int().min(0) }),
  /** Every file of the backup but the manifest, the database's first; paths use '/'. */
  files: z.array(z.object({ path: relativePath, bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestFile = BackupManifest['files'][number];
export type BackupCounts = BackupManifest['counts'];

export function newManifest(fields: Omit<BackupManifest, 'format' | 'version' | 'createdAt'>): BackupManifest {
  return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, createdAt: new Date().toISOString(), ...fields };
}

/** A file's SHA-256 (hex) and size, read as a stream (videos run to many megabytes). */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** A manifest path ('/' separated) as a path on this system under `root`. */
export const pathIn = (root: string, manifestPath: string): string => join(root, ...manifestPath.split('/'));
export const manifestPathOf = (relativeSystemPath: string): string => relativeSystemPath.split(sep).join('/');

async function readManifest(folder: string): Promise<BackupManifest> {
  const file = join(folder, MANIFEST_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupError(`${file} is missing: the backup is incomplete (a backup writes its manifest last), or ${folder} is not a backup folder.`);
    }
    throw new BackupError(`Cannot read ${file}: ${error.message}`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not valid JSON: the backup is corrupt.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${file} is not a backup manifest of this platform (${issue?.path.join('.') || 'manifest'}: ${issue?.message ?? 'invalid'}).`);
  }
  return parsed.data;
}

/**
 * The manifest of the backup in `folder`, once every file it lists is there with its size and SHA-256: a missing or
 * changed file is refused by name before anything is restored.
 */
export async function verifiedManifest(folder: string): Promise<BackupManifest> {
  const found = await stat(folder).catch(() => null);
  if (!found) throw new BackupError(`No backup at ${folder}: the folder does not exist.`);
  if (!found.isDirectory()) throw new BackupError(`${folder} is not a folder: --from names the folder a backup was written to.`);
  const manifest = await readManifest(folder);
  if (!manifest.files.some((file) => file.path === manifest.database)) {
    throw new BackupError(`The manifest does not list the database file ${manifest.database}: the backup is corrupt.`);
  }
  for (const listed of manifest.files) {
    const file = pathIn(folder, listed.path);
    const actual = await hashFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new BackupError(`The backup is incomplete: ${file} is missing.`);
      throw new BackupError(`Cannot read ${file}: ${error.message}`);
    });
    if (actual.bytes !== listed.bytes || actual.sha256 !== listed.sha256) {
      throw new BackupError(`The backup is corrupt: ${file} does not match the SHA-256 the manifest lists for it (${actual.bytes} bytes, ${listed.bytes} expected).`);
    }
  }
  return manifest;
}
