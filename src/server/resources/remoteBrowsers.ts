import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { REMOTE_BROWSER_OFFLINE_AFTER_MS } from '../../shared/contracts/remote-browsers';
import type { Db } from '../db/database';
import { BROWSER_DEVICE_TYPE, browserResourceRow } from './browserPool';

/** Remote browsers' device ids start with this; the pool's are browser-N. */
const REMOTE_DEVICE_PREFIX = 'remote-browser-';
const TOKEN_PREFIX = 'rb_';

export const hashResourceToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface AddedRemoteBrowser {
  deviceId: string;
  name: string;
  token: string;
}

/** A browser resource on another machine, Offline until its command registers; its token is answered this once. */
export async function addRemoteBrowser(db: Db, name: string): Promise<AddedRemoteBrowser> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const deviceId = `${REMOTE_DEVICE_PREFIX}${randomUUID().slice(0, 8)}`;
  const row = browserResourceRow(deviceId, name, false, new Date().toISOString());
  await db
    .insertInto('resources')
    .values({ ...row, token_hash: hashResourceToken(token) })
    .execute();
  return { deviceId, name, token };
}

/** The remote browser a token belongs to. */
export async function findRemoteBrowserByToken(db: Db, token: string) {
  return db
    .selectFrom('resources')
    .select(['device_id', 'remote_endpoint'])
    .where('token_hash', '=', hashResourceToken(token))
    .where('cmd_device_type', '=', BROWSER_DEVICE_TYPE)
    .executeTakeFirst();
}

/** Records the browser server's endpoint (and the name it was started with, which it then shows): the resource is Available. */
export async function registerRemoteEndpoint(db: Db, deviceId: string, endpoint: string, name: string | undefined, now: number): Promise<void> {
  await db
    .updateTable('resources')
    .set({
      remote_endpoint: endpoint,
      plugged_in: 1,
      last_seen_at: now,
      updated_at: new Date(now).toISOString(),
      ...(name === undefined ? {} : { device_name: name, device_display_name: name }),
    })
    .where('device_id', '=', deviceId)
    .execute();
}

/** A heartbeat: the resource is Available again if it had gone Offline. */
export async function touchRemoteBrowser(db: Db, deviceId: string, now: number): Promise<void> {
  await db
    .updateTable('resources')
    .set({ plugged_in: 1, last_seen_at: now, updated_at: new Date(now).toISOString() })
    .where('device_id', '=', deviceId)
    .execute();
}

/**
 * Remote browsers silent for REMOTE_BROWSER_OFFLINE_AFTER_MS go Offline (a run already on one goes on: its
 * connection says whether the browser is still there). Answers the ids that went Offline.
 */
export async function unplugSilentRemoteBrowsers(db: Db, now: number): Promise<string[]> {
  const silent = await db
    .updateTable('resources')
    .set({ plugged_in: 0, updated_at: new Date(now).toISOString() })
    // Every resource that beats (remote browsers, gateway agents) has a last_seen_at; the pool's browsers have none.
    .where('last_seen_at', 'is not', null)
    .where('plugged_in', '=', 1)
    .where('last_seen_at', '<', now - REMOTE_BROWSER_OFFLINE_AFTER_MS)
    .returning('device_id')
    .execute();
  return silent.map((row) => row.device_id);
}

/** The endpoint a run on `deviceId` connects to; undefined for the pool's own browsers. */
export async function remoteEndpointOf(db: Db, deviceId: string): Promise<string | undefined> {
  const row = await db.selectFrom('resources').select('remote_endpoint').where('device_id', '=', deviceId).executeTakeFirst();
  return row?.remote_endpoint ?? undefined;
}
