import type { AuditEntityType } from '../../shared/contracts/audit';
import type { Db } from '../db/database';

/** An entity as the audit trail keeps it: its stored fields, JSON columns read as JSON. Secrets are masked later. */
export type Snapshot = Record<string, unknown>;

type Loader = (db: Db, id: string) => Promise<Snapshot | undefined>;

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `row` with the `jsonColumns` parsed and the `omitted` columns (bookkeeping, or too big to keep) left out. */
function snapshotOf<Row extends object>(row: Row | undefined, jsonColumns: readonly (keyof Row)[] = [], omitted: readonly (keyof Row)[] = []): Snapshot | undefined {
  if (!row) return undefined;
  const entries = Object.entries(row).filter(([key]) => !omitted.includes(key as keyof Row));
  return Object.fromEntries(entries.map(([key, value]) => [key, jsonColumns.includes(key as keyof Row) && typeof value === 'string' ? parsedJson(value) : value]));
}

async function memberIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

async function groupIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

/**
 * How each kind of entity is read before and after a change. A soft-deleted row (an inactive variable, a deleted
 * schedule) reads as absent, so its removal is recorded as a delete.
 */
export const AUDIT_SNAPSHOTS: Record<AuditEntityType, Loader> = {
  async user(db, id) {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    // users.groups is the old column no one reads; the memberships are group_members rows.
    const snapshot = snapshotOf(row, ['features'], ['groups', 'created_at', 'updated_at']);
    return snapshot && { ...snapshot, groups: await groupIdsOf(db, id) };
  },
  async group(db, id) {
    const row = await db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
    const snapshot = snapshotOf(row, [], ['created_at', 'updated_at']);
    return snapshot && { ...snapshot, members: await memberIds(db, id) };
  },
  async organization(db, id) {
    return snapshotOf(await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst(), [], ['updated_at']);
  },
  async license(db, id) {
    // credit_used grows with every run: it is usage, not a setting.
    return snapshotOf(await db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirst(), [], ['credit_used', 'updated_at']);
  },
  async variable(db, id) {
    const row = await db.selectFrom('variables').selectAll().where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
    const sheet = await db.selectFrom('variable_excel_data').select(['mapping', 'row_count']).where('variable_id', '=', id).executeTakeFirst();
    const snapshot = snapshotOf(row, ['value'], ['updated_at']);
    // The sheet's rows are data, not configuration: the mapping and the count say what changed.
    return snapshot && (sheet ? { ...snapshot, excelMapping: parsedJson(sheet.mapping), excelRows: sheet.row_count } : snapshot);
  },
  async email(db, id) {
    return snapshotOf(await db.selectFrom('email_configs').selectAll().where('id', '=', id).executeTakeFirst(), [], ['updated_at']);
  },
  /** A mailbox read into a table (Email Setup's Email Account tab); its refresh token is masked as a cipher. */
  async mailAccount(db, id) {
    return snapshotOf(await db.selectFrom('imap_accounts').selectAll().where('id', '=', id).executeTakeFirst(), [], ['updated_at']);
  },
  /** One Jira configuration per organization: its id is the organization's. */
  async jira(db, orgId) {
    return snapshotOf(await db.selectFrom('jira_configurations').selectAll().where('org_id', '=', orgId).executeTakeFirst(), [], ['updated_at']);
  },
  /** One setting per organization, by the organization's id; the defaults, never saved, are no entity yet. */
  async retention(db, orgId) {
    const row = await db.selectFrom('retention_settings').select(['runs_days', 'artifacts_days', 'audit_days']).where('org_id', '=', orgId).executeTakeFirst();
    return row && { runsDays: row.runs_days, artifactsDays: row.artifacts_days, auditDays: row.audit_days };
  },
  async schedule(db, id) {
    const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    // The next firing and the version move on their own as the schedule fires.
    return snapshotOf(row, ['definition'], ['next_execution_at', 'version', 'updated_at']);
  },
};
