import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

const SECRET_NAME = 'mail-encryption-key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Ciphertexts carry a version so a later key rotation can tell old ones apart. */
const FORMAT = 'v1';

function decodedKey(value: string, origin: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64url');
  if (key.length !== KEY_BYTES) throw new Error(`${origin} must be ${KEY_BYTES} bytes of base64url, got ${key.length}`);
  return key;
}

// One lookup per database: every replica reads the same stored key, so caching it per process is safe.
const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadOrCreateKey(db: Db): Promise<Buffer> {
  const fromEnvironment = process.env['MAIL_SECRET_KEY'];
  if (fromEnvironment?.trim()) return decodedKey(fromEnvironment, 'MAIL_SECRET_KEY');
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  const stored = await read();
  if (stored) return decodedKey(stored.value, 'The stored mail key');
  // Replicas starting together may each make a key: the first insert wins and every one reads it back.
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(KEY_BYTES).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await read();
  if (!kept) throw new Error('The mail key could not be stored');
  return decodedKey(kept.value, 'The stored mail key');
}

function mailKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadOrCreateKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** AES-256-GCM with a fresh IV: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export async function encryptSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await mailKey(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export async function decryptSecret(db: Db, sealed: string): Promise<string> {
  const [format, iv, tag, body] = sealed.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined) throw new Error('Unknown mail secret format');
  const decipher = createDecipheriv('aes-256-gcm', await mailKey(db), Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A MAC under the mail key, for values a browser carries back (the sign-in state); domain-separated from encryption. */
export async function macOf(db: Db, text: string): Promise<string> {
  return createHmac('sha256', await mailKey(db)).update(`oauth-state\n${text}`).digest('base64url');
}
