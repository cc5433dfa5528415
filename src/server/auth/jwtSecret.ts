import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database';
import { storedSecret } from './secretBox';

const SECRET_NAME = 'jwt-signing-key';
/** Where versions before 0009_shared_state kept the key (mode 0600). */
const LEGACY_SECRET_FILE = 'jwt-secret';
const SECRET_BYTES = 64;
/** HS256 wants a key at least as long as its hash. */
const MIN_SECRET_BYTES = 32;

export interface JwtSecretSources {
  db: Db;
  /** JWT_SECRET, base64url: then the key is the operator's and the database keeps none. */
  fromEnvironment?: string | undefined;
  dataDir: string;
}

function decoded(value: string, origin: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(value.trim(), 'base64url'));
  if (bytes.length < MIN_SECRET_BYTES) throw new Error(`${origin} must be at least ${MIN_SECRET_BYTES} bytes of base64url, got ${bytes.length}`);
  return bytes;
}

function legacyKey(dataDir: string): string | undefined {
  try {
    return readFileSync(join(dataDir, LEGACY_SECRET_FILE), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The HS256 key every replica signs and checks tokens with: JWT_SECRET when set, otherwise the one in the database,
 * made on the first start (or taken over from the DATA_DIR file of an older version, so its sessions stay valid). It
 * is never in the repository.
 */
export async function loadOrCreateJwtSecret({ db, fromEnvironment, dataDir }: JwtSecretSources): Promise<Uint8Array> {
  if (fromEnvironment?.trim()) return decoded(fromEnvironment, 'JWT_SECRET');
  let tookLegacy = false;
  const kept = await storedSecret(db, SECRET_NAME, () => {
    const legacy = legacyKey(dataDir);
    tookLegacy = legacy !== undefined;
    return legacy ?? randomBytes(SECRET_BYTES).toString('base64url');
  });
  if (tookLegacy) rmSync(join(dataDir, LEGACY_SECRET_FILE), { force: true });
  return decoded(kept, 'The stored signing key');
}
