import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECRET_FILE = 'jwt-secret';

/** The HS256 key lives only in DATA_DIR (mode 0600), created on first start; it is never in the repository. */
export function loadOrCreateJwtSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, SECRET_FILE);
  try {
    return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(64);
  // 'wx' fails if another process created the file meanwhile, instead of overwriting its key.
  writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return new Uint8Array(secret);
}
