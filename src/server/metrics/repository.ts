import type { Db } from '../db/database';
import type { RunState } from '../db/schema-runs';

/** Plain Kysely on both engines: counts come back as numbers (db/database.ts parses PostgreSQL's int8). */
export async function countRunsByState(db: Db): Promise<{ state: RunState; count: number }[]> {
  const rows = await db.selectFrom('runs').select(['state', (eb) => eb.fn.countAll().as('count')]).groupBy('state').execute();
  return rows.map((row) => ({ state: row.state, count: Number(row.count) }));
}

export type ResourceStatus = 'available' | 'in_use' | 'offline';

/** Resources by type and status: offline when not plugged in, in_use while a run holds them, else available. */
export async function countResourcesByStatus(db: Db): Promise<{ type: string; status: ResourceStatus; count: number }[]> {
  const rows = await db
    .selectFrom('resources')
    .select(['cmd_device_type', 'plugged_in', 'device_in_use', (eb) => eb.fn.countAll().as('count')])
    .groupBy(['cmd_device_type', 'plugged_in', 'device_in_use'])
    .execute();
  return rows.map((row) => ({
    type: row.cmd_device_type,
    status: !row.plugged_in ? 'offline' : row.device_in_use ? 'in_use' : 'available',
    count: Number(row.count),
  }));
}

/** Mails not sent yet, and how many of them failed at least once. */
export async function countUnsentMails(db: Db): Promise<{ unsent: number; retrying: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll().as('unsent'), eb.fn.sum(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('retrying')])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { unsent: Number(row.unsent), retrying: Number(row.retrying ?? 0) };
}
