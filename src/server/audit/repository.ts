import type { AuditActor, AuditEntry, AuditQuery } from '../../shared/contracts/audit';
import type { Db } from '../db/database';

/** The filters of a list, the organization already decided: undefined for all (a platform administrator). */
export interface AuditFilter extends Omit<AuditQuery, 'orgId' | 'page' | 'pageSize'> {
  orgId: string | undefined;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log as a');
  if (filter.orgId !== undefined) query = query.where('a.org_id', '=', filter.orgId);
  // ISO-8601 UTC text of one length orders as the instants do, on both engines.
  if (filter.from !== undefined) query = query.where('a.at', '>=', new Date(filter.from).toISOString());
  if (filter.to !== undefined) query = query.where('a.at', '<', new Date(filter.to).toISOString());
  if (filter.userId !== undefined) query = query.where('a.actor_id', '=', filter.userId);
  if (filter.entityType !== undefined) query = query.where('a.entity_type', '=', filter.entityType);
  if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
  return query;
}

const parsed = (json: string | null): unknown => (json === null ? null : (JSON.parse(json) as unknown));

/** One page of the entries that match, newest first, and how many match in all. */
export async function listAuditEntries(db: Db, filter: AuditFilter, page: number, pageSize: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await filtered(db, filter)
    .leftJoin('organizations as o', 'o.id', 'a.org_id')
    .selectAll('a')
    .select('o.name as org_name')
    .orderBy('a.at', 'desc')
    .orderBy('a.seq', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(count),
    entries: rows.map((row) => ({
      id: Number(row.seq),
      at: row.at,
      orgId: row.org_id,
      orgName: row.org_name,
      userId: row.actor_id,
      userName: row.actor_name,
      entityType: row.entity_type as AuditEntry['entityType'],
      entityId: row.entity_id,
      action: row.action,
      before: parsed(row.before_json),
      after: parsed(row.after_json),
    })),
  };
}

/** Who made the changes of the organization (of all: undefined), each with the latest name recorded for it. */
export async function listAuditActors(db: Db, orgId: string | undefined): Promise<AuditActor[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['actor_id', (eb) => eb.fn.max('actor_name').as('name')])
    .groupBy('actor_id');
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.actor_id, name: String(row.name) })).sort((a, b) => a.name.localeCompare(b.name));
}
