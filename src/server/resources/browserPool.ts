import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import type { Db } from '../db/database';

export const BROWSER_DEVICE_TYPE = 'BROWSER';

export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export function browserDeviceId(index: number): string {
  return `browser-${index}`;
}

/**
 * Registers 'Browser 1'..'Browser N' (idempotent: device ids are stable, and a name the user edited is kept).
 * No run survives a restart, so every browser starts free; browsers beyond a reduced pool size stay listed,
 * unplugged, so past runs keep their resource.
 */
export async function registerBrowserPool(db: Db, size: number, chromiumPath: string): Promise<void> {
  const pluggedIn = (await isExecutableFile(chromiumPath)) ? 1 : 0;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let index = 1; index <= size; index += 1) {
      const name = `Browser ${index}`;
      await trx
        .insertInto('resources')
        .values({
          id: randomUUID(),
          device_id: browserDeviceId(index),
          device_name: name,
          device_display_name: name,
          cmd_device_type: BROWSER_DEVICE_TYPE,
          plugged_in: pluggedIn,
          device_in_use: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ plugged_in: pluggedIn, device_in_use: 0, updated_at: now }))
        .execute();
    }
    const poolIds = Array.from({ length: size }, (_, i) => browserDeviceId(i + 1));
    await trx
      .updateTable('resources')
      .set({ plugged_in: 0, device_in_use: 0, updated_at: now })
      .where('cmd_device_type', '=', BROWSER_DEVICE_TYPE)
      .$if(poolIds.length > 0, (qb) => qb.where('device_id', 'not in', poolIds))
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
