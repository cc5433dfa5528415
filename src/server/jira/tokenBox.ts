import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/** The operator's key (32 bytes, base64url); without it one is made once and kept in server_secrets for every replica. */
export const JIRA_KEY_ENV = 'JIRA_SECRET_KEY';
const STORED_KEY_NAME = 'jira-token-key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const SEALED_PREFIX = 'v1';

function keyFrom(base64url: string, origin: string): Buffer {
  const key = Buffer.from(base64url.trim(), 'base64url');
  if (key.length !== KEY_BYTES) throw new Error(`${origin} must hold ${KEY_BYTES} bytes (base64url), got ${key.length}`);
  return key;
}

async function storedKey(db: Db): Promise<Buffer> {
  const lookUp = async () => (await db.selectFrom('server_secrets').select('value').where('name', '=', STORED_KEY_NAME).executeTakeFirst())?.value;
  let value = await lookUp();
  if (value === undefined) {
    // Two replicas may race here: the first insert wins, and both read that one back.
    await db
      .insertInto('server_secrets')
      .values({ name: STORED_KEY_NAME, value: randomBytes(KEY_BYTES).toString('base64url'), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    value = await lookUp();
  }
  if (value === undefined) throw new Error('The Jira token key could not be kept');
  return keyFrom(value, 'The stored Jira token key');
}

function tokenKey(db: Db): Promise<Buffer> {
  const operatorKey = process.env[JIRA_KEY_ENV];
  return operatorKey?.trim() ? Promise.resolve(keyFrom(operatorKey, JIRA_KEY_ENV)) : storedKey(db);
}

/** Seals a Jira API token with AES-256-GCM and a fresh IV: `v1.<iv>.<tag>.<ciphertext>`. */
export async function sealToken(db: Db, token: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await tokenKey(db), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [SEALED_PREFIX, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export async function openToken(db: Db, sealed: string): Promise<string> {
  const [prefix, ...parts] = sealed.split('.');
  const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (prefix !== SEALED_PREFIX || iv === undefined || tag === undefined || body === undefined) throw new Error('Unreadable sealed Jira token');
  const decipher = createDecipheriv('aes-256-gcm', await tokenKey(db), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
