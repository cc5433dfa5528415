import { TRIGGERED_BY_TEXT } from '../../shared/contracts/runs';
import type { Db } from '../db/database';
import type { RunsTable } from '../db/schema-runs';

/**
 * What run tables (the Control Room's Collection Execution, the Operations Centre's history and summaries) show for
 * what runs and firings store: resources by their custom name, users by their name, tags by their tag name, and
 * durations. Each name lookup reads only the ids asked for, in one query; an id without a row maps to itself (a
 * resource removed since, an author that is no user such as an interactive bot), except tags, which are left out.
 */

const unique = (ids: Iterable<string>): string[] => [...new Set(ids)];

/** Resource ids mapped to their display names (the id itself for a resource no longer registered). */
export async function deviceNamesOf(db: Db, deviceIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = unique(deviceIds);
  const rows =
    ids.length === 0 ? [] : await db.selectFrom('resources').select(['device_id', 'device_display_name']).where('device_id', 'in', ids).execute();
  const names = new Map(rows.map((row) => [row.device_id, row.device_display_name]));
  return new Map(ids.map((id) => [id, names.get(id) ?? id]));
}

/** `devices` as an object of id to display name, from names read by deviceNamesOf. */
export function namedDevices(devices: readonly string[], names: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(devices.map((id) => [id, names.get(id) ?? id]));
}

/** The name read for `id`, or the id itself. */
export const nameOf = (names: ReadonlyMap<string, string>, id: string): string => names.get(id) ?? id;

/** An ISO instant as epoch ms. */
export const epochOf = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/** Completed minus started (epoch ms), or null while either is missing. */
export const durationOf = (started: number | null, completed: number | null): number | null =>
  started !== null && completed !== null ? completed - started : null;

/**
 * Authors (the user ids runs and schedules store as triggered_by, cancelled_by, created_by) mapped to the user's first
 * and last name, or the user id when the user has none; any other author (an interactive bot, say) maps to itself.
 */
export async function userNamesOf(db: Db, userIds: Iterable<string | null>): Promise<Map<string, string>> {
  const ids = unique([...userIds].filter((id): id is string => id !== null));
  const rows = ids.length === 0 ? [] : await db.selectFrom('users').select(['user_id', 'first_name', 'last_name']).where('user_id', 'in', ids).execute();
  const names = new Map(rows.map((row) => [row.user_id, `${row.first_name} ${row.last_name}`.trim() || row.user_id]));
  return new Map(ids.map((id) => [id, names.get(id) ?? id]));
}

/**
 * Who started the run, as tables show it: the schedule that queued it (with who pressed Run Now), else its author by
 * the name userNamesOf read for triggered_by.
 */
export function triggeredByNameOf(
  run: Pick<RunsTable, 'triggered_by' | 'schedule_name'> & { schedule_kind: string | null },
  userNames: ReadonlyMap<string, string>,
): string {
  const user = nameOf(userNames, run.triggered_by);
  if (run.schedule_name === null) return user;
  return run.schedule_kind === 'RUN_NOW' ? TRIGGERED_BY_TEXT.scheduleRunNow(run.schedule_name, user) : TRIGGERED_BY_TEXT.schedule(run.schedule_name);
}

/** Tag ids of the organization mapped to their names; ids of no tag of it are missing. */
export async function tagNamesOf(db: Db, orgId: string, tagIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = unique(tagIds);
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('tags').select(['id', 'tag_name']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.tag_name]));
}

/** The names of `tagIds` in their order, leaving out ids of no tag. */
export function tagNames(tagIds: readonly string[], names: ReadonlyMap<string, string>): string[] {
  return tagIds.flatMap((id) => names.get(id) ?? []);
}
