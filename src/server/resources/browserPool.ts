import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Db } from '../db/database';

export const BROWSER_DEVICE_TYPE = 'BROWSER';

/** The executable file at `path`, or null when there is none, also when it goes away while it is read. */
async function executableFile(path: string): Promise<Stats | null> {
  try {
    await access(path, constants.X_OK);
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

export async function isExecutableFile(path: string): Promise<boolean> {
  return (await executableFile(path)) !== null;
}

/**
 * Identifies the executable at `path` (null when there is none), so a replaced Chromium is noticed at once. One stat:
 * a second one threw ENOENT when the file went away in between (a pool check as a symlink was replaced, under load).
 */
export async function executableStamp(path: string): Promise<string | null> {
  const info = await executableFile(path);
  return info === null ? null : `${info.dev}:${info.ino}:${info.mtimeMs}`;
}

export function browserDeviceId(index: number): string {
  return `browser-${index}`;
}

/** The pool's resources: browser-1 .. browser-N. */
export function browserPoolIds(size: number): string[] {
  return Array.from({ length: size }, (_, i) => browserDeviceId(i + 1));
}

/** Browser resources not in use whose pluggedIn is `pluggedIn`, optionally only those of `among`, by device id. */
export function freeBrowsersQuery(db: Db, pluggedIn: boolean, among?: readonly string[]) {
  return db
    .selectFrom('resources')
    .select('device_id')
    .where('cmd_device_type', '=', BROWSER_DEVICE_TYPE)
    .where('plugged_in', '=', pluggedIn ? 1 : 0)
    .where('device_in_use', '=', 0)
    .$if(among !== undefined, (qb) => qb.where('device_id', 'in', among ?? []))
    .orderBy('device_id');
}

export async function freeBrowserIds(db: Db, pluggedIn: boolean, among?: readonly string[]): Promise<string[]> {
  if (among?.length === 0) return [];
  return (await freeBrowsersQuery(db, pluggedIn, among).execute()).map((row) => row.device_id);
}

/** Sets pluggedIn of the given browser resources; answers the ids whose flag changed. */
export async function setBrowsersPluggedIn(db: Db, deviceIds: readonly string[], pluggedIn: boolean): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const changed = await db
    .updateTable('resources')
    .set({ plugged_in: pluggedIn ? 1 : 0, updated_at: new Date().toISOString() })
    .where('device_id', 'in', deviceIds)
    .where('cmd_device_type', '=', BROWSER_DEVICE_TYPE)
    .where('plugged_in', '=', pluggedIn ? 0 : 1)
    .returning('device_id')
    .execute();
  return changed.map((row) => row.device_id);
}

/** A new browser resource row: free, named `name` until the user renames it. */
export function browserResourceRow(deviceId: string, name: string, pluggedIn: boolean, now: string) {
  return {
    id: randomUUID(),
    device_id: deviceId,
    device_name: name,
    device_display_name: name,
    cmd_device_type: BROWSER_DEVICE_TYPE,
    plugged_in: pluggedIn ? 1 : 0,
    device_in_use: 0,
    created_at: now,
    updated_at: now,
  };
}

/** Device ids a RUNNING run holds: another replica may be driving it now. */
async function heldDeviceIds(db: Db): Promise<Set<string>> {
  const running = await db.selectFrom('runs').select('resource_ids').where('state', '=', 'RUNNING').execute();
  return new Set(running.flatMap((run) => z.array(z.string()).parse(JSON.parse(run.resource_ids))));
}

/**
 * Registers 'Browser 1'..'Browser N' (idempotent: device ids are stable, and a name the user edited is kept), plugged
 * in when the Chromium executable is there; from then on the run service keeps pluggedIn true to every launch.
 * Browsers no RUNNING run holds start free (a stale in-use mark is cleared; runs left RUNNING by a crash are aborted
 * by the run service, which frees theirs); browsers beyond a reduced pool size stay listed, unplugged, so past runs
 * keep their resource.
 */
export async function registerBrowserPool(db: Db, size: number, chromiumPath: string): Promise<void> {
  const pluggedIn = (await isExecutableFile(chromiumPath)) ? 1 : 0;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const held = [...(await heldDeviceIds(trx))];
    for (let index = 1; index <= size; index += 1) {
      const name = `Browser ${index}`;
      const deviceId = browserDeviceId(index);
      const freed = held.includes(deviceId) ? {} : { device_in_use: 0 };
      await trx
        .insertInto('resources')
        .values(browserResourceRow(deviceId, name, pluggedIn === 1, now))
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ plugged_in: pluggedIn, ...freed, updated_at: now }))
        .execute();
    }
    const poolIds = browserPoolIds(size);
    await trx
      .updateTable('resources')
      .set({ plugged_in: 0, device_in_use: 0, updated_at: now })
      .where('cmd_device_type', '=', BROWSER_DEVICE_TYPE)
      // Remote browsers are not this machine's pool: their heartbeats say whether they are there.
      .where('token_hash', 'is', null)
      .$if(poolIds.length + held.length > 0, (qb) => qb.where('device_id', 'not in', [...poolIds, ...held]))
      .execute();
  });
}

export async function countBrowserResources(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('resources')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('cmd_device_type', '=', BROWSER_DEVICE_TYPE)
    .executeTakeFirstOrThrow();
  return Number(count);
}
