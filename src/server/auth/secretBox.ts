import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * The value kept under `name` in server_secrets, made by `make` on first use. Replicas starting together may each make
 * one: the first insert wins and every one reads it back.
 */
export async function storedSecret(db: Db, name: string, make: () => string): Promise<string> {
  const read = async () => (await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
  const stored = await read();
  if (stored !== undefined) return stored;
  await db
    .insertInto('server_secrets')
    .values({ name, value: make(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await read();
  if (kept === undefined) throw new Error(`The secret ${name} could not be stored`);
  return kept;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;
/** Sealed values carry a version so a later key rotation can tell old ones apart. */
const FORMAT = 'v1';

function decodedKey(value: string, origin: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64url');
  if (key.length !== KEY_BYTES) throw new Error(`${origin} must be ${KEY_BYTES} bytes of base64url, got ${key.length}`);
  return key;
}

export interface SecretBox {
  /** AES-256-GCM with a fresh IV: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(db: Db, plain: string): Promise<string>;
  open(db: Db, sealed: string): Promise<string>;
  /** An HMAC-SHA256 under the box's key for values a browser carries back, domain-separated by `purpose`. */
  mac(db: Db, purpose: string, text: string): Promise<string>;
}

/**
 * Encryption at rest for secrets the server must use again (mail passwords, API tokens): the key is the operator's
 * (`environmentVariable`, 32 bytes of base64url) or, without one, made once and kept in server_secrets under
 * `storedName` for every replica. Each area has its own key, so one leaked key opens one kind of secret.
 */
export function createSecretBox(environmentVariable: string, storedName: string): SecretBox {
  // One lookup per database: every replica reads the same stored key, so caching it per process is safe.
  const keys = new WeakMap<Db, Promise<Buffer>>();
  async function loadKey(db: Db): Promise<Buffer> {
    const fromEnvironment = process.env[environmentVariable];
    if (fromEnvironment?.trim()) return decodedKey(fromEnvironment, environmentVariable);
    return decodedKey(await storedSecret(db, storedName, () => randomBytes(KEY_BYTES).toString('base64url')), `The stored key ${storedName}`);
  }
  function keyOf(db: Db): Promise<Buffer> {
    let key = keys.get(db);
    if (!key) {
      key = loadKey(db);
      keys.set(db, key);
      key.catch(() => keys.delete(db));
    }
    return key;
  }
  return {
    async seal(db, plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    async open(db, sealed) {
      const [format, ...parts] = sealed.split('.');
      const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url'));
      if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined) throw new Error(`Unreadable sealed secret (key ${storedName})`);
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    async mac(db, purpose, text) {
      return createHmac('sha256', await keyOf(db)).update(`${purpose}\n${text}`).digest('base64url');
    },
  };
}
