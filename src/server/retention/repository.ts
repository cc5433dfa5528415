import { RETENTION_DEFAULTS, type RetentionInput, type RetentionSettings } from '../../shared/contracts/retention';
import type { Db } from '../db/database';
import type { RetentionSettingsTable } from '../db/schema-organizations';

function settingsOf(orgId: string, row: RetentionSettingsTable | undefined): RetentionSettings {
  if (!row) return { orgId, ...RETENTION_DEFAULTS, updatedAt: null, updatedBy: null };
  return {
    orgId,
    runsDays: row.runs_days,
    artifactsDays: row.artifacts_days,
    auditDays: row.audit_days,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** The organization's setting, or the defaults when it never saved one. */
export async function retentionOf(db: Db, orgId: string): Promise<RetentionSettings> {
  const row = await db.selectFrom('retention_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  return settingsOf(orgId, row);
}

export async function saveRetention(db: Db, orgId: string, input: RetentionInput, by: string, now: Date): Promise<RetentionSettings> {
  const row: RetentionSettingsTable = {
    org_id: orgId,
    runs_days: input.runsDays,
    artifacts_days: input.artifactsDays,
    audit_days: input.auditDays,
    updated_at: now.toISOString(),
    updated_by: by,
  };
  const { org_id: _key, ...changes } = row;
  await db
    .insertInto('retention_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('org_id').doUpdateSet(changes))
    .execute();
  return settingsOf(orgId, row);
}

/** Every organization with the setting it keeps (the defaults where it saved none), for the purge. */
export async function everyRetention(db: Db): Promise<RetentionSettings[]> {
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('retention_settings', 'retention_settings.org_id', 'organizations.id')
    .select([
      'organizations.id',
      'retention_settings.runs_days',
      'retention_settings.artifacts_days',
      'retention_settings.audit_days',
      'retention_settings.updated_at',
      'retention_settings.updated_by',
    ])
    .execute();
  return rows.map(({ id, runs_days, artifacts_days, audit_days, updated_at, updated_by }) =>
    settingsOf(
      id,
      runs_days === null || artifacts_days === null || audit_days === null || updated_at === null || updated_by === null
        ? undefined
        : { org_id: id, runs_days, artifacts_days, audit_days, updated_at, updated_by },
    ),
  );
}
